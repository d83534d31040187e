import AnimProtocol
import ArgumentParser
import JSONText
import Motion

extension AnimCtl {
    struct MotionCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "motion",
            abstract: "Show or set reduced motion: reduced, full, or auto (follow the desktop).",
            discussion: """
                Without an argument, shows the motion in force and why. With one, sets it until animd restarts, over \
                the config's [daemon] motion: "reduced" makes every completion instant (or [daemon] reduced-duration \
                long, without a spring) while fingers still move transitions 1:1; "full" plays full motion; "auto" \
                follows the desktop. Running legs keep their motion; the next completion follows the new setting.
                """)
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "auto, full or reduced.", completion: Completions.motionSettings) var setting: String?
        @Flag(help: "Print the raw JSON result.") var json = false

        func validate() throws {
            if let setting, MotionSetting(rawValue: setting) == nil {
                throw ValidationError("the setting must be auto, full or reduced, not \"\(setting)\"")
            }
        }

        func run() throws {
            let result = try connection.call(.motion(setting.flatMap(MotionSetting.init(rawValue:))))
            if json { return emit(JSONWriter.string(result)) }
            guard let status = MotionStatus(json: result) else {
                fail("animctl: animd's motion could not be read: \(JSONWriter.string(result))")
            }
            emit(Self.describe(status))
        }

        /// One line: the state, then why, as `animctl hello` shows it too.
        static func describe(_ status: MotionStatus) -> String {
            "\(status.reduced ? "reduced" : "full") (\(status.detail))"
        }
    }
}
