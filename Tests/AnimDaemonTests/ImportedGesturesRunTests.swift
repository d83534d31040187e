import AnimConfig
import Foundation
import GestureImport
import Gestures
import TestSupport
import Testing
import Transitions

@testable import AnimCore

/// `animctl import`'s output at work (issue 61): each upstream config (Tests/GestureImportTests/Fixtures) imported,
/// loaded into the core's machine, and each binding's gesture performed as input on the manual clock. The gesture
/// runs its own binding's command, the one the import wrote from the original entry, and no other binding's;
/// GestureImportTests holds those commands to what each tool runs.
@Suite struct ImportedGesturesRunTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("GestureImportTests/Fixtures")

    static let cases: [(ImportedTool, String)] = ImportFixtures.files.compactMap { entry in
        ImportedTool(rawValue: entry.tool).map { ($0, entry.file) }
    }

    /// Every binding of every file, on X11 (where the most are translated): its gesture, as input, runs its command.
    @Test(arguments: cases) func eachTranslatedGestureRunsItsCommand(_ source: (ImportedTool, String)) throws {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent(source.1), encoding: .utf8)
        let imported = try GestureImport.read(source.0, text, session: .x11)
        let loaded = try ConfigParser.load(
            user: ConfigLayer(name: "imported.toml", text: imported.toml(from: source.1)))
        for binding in imported.bindings {
            var machine = CoreMachine(config: ConfigInForce(loaded))
            let keys = Dictionary(binding.keys.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            var time = 1.0
            if case let .strings(apps)? = keys["apps"] {
                _ = machine.take(
                    .focus(.known(FocusedWindow(names: apps, fullscreen: false), source: .x11), by: .compositor),
                    at: time)
                time += 1
            }
            var runs: [ConfiguredAction] = []
            for event in Self.perform(keys, from: &time) {
                runs += CommandBindingTests.runs(
                    machine.take(.input([event], from: .backend(.x11)), at: event.time).effects)
            }
            runs += CommandBindingTests.runs(machine.take(.frame, at: time + 2).effects)
            guard case let .strings(argv)? = keys["run"] else {
                Issue.record("\(binding.name) has no run")
                continue
            }
            let fire = keys["fire"].flatMap { if case let .string(word) = $0 { word } else { nil } } ?? "end"
            #expect(
                fire == "repeat" ? !runs.isEmpty : runs.count == 1,
                "\(source.1): \(binding.name) (line \(binding.line)) ran \(runs.count) time(s)")
            #expect(
                runs.allSatisfy { $0.argv == argv && $0.environment["ANIMD_BINDING"] == binding.name },
                "\(source.1): \(binding.name) ran \(runs.map { "\($0.environment["ANIMD_BINDING"] ?? "?") \($0.argv)" })"
            )
        }
    }

    /// The input that performs a binding's gesture, as its keys state it, 10 ms an event from `time` on.
    static func perform(_ keys: [String: TOMLValue], from time: inout Double) -> [InputEvent] {
        func word(_ key: String) -> String? { if case let .string(text)? = keys[key] { text } else { nil } }
        func count(_ key: String) -> Int? { if case let .integer(number)? = keys[key] { number } else { nil } }
        let fingers = count("touches") ?? count("min-touches") ?? 1
        let touchpad = keys["sources"] == .strings(["touchpad"]) || keys["sources"] == .strings(["touchpad", "touch"])
        let heading: String? =
            if case let .strings(directions)? = keys["directions"] { directions.first } else { word("direction") }
        let start = keys["region"] == nil ? Point(x: 900, y: 500) : Point(x: 10, y: 500)
        switch word("gesture") {
        case "pan", "swipe":
            let unit = Heading(rawValue: heading ?? "right")?.unit ?? Point(x: 1, y: 0)
            return touchpad
                ? touchpadSwipe(fingers, by: unit * 15, steps: 25, from: &time)
                : touches(fingers, at: start, by: unit * 15, steps: 25, from: &time)
        case "pinch", "rotate":
            let way = word("increases")
            let rotate = word("gesture") == "rotate"
            let target = rotate ? (way == "clockwise" ? 60.0 : -60.0) : (way == "in" ? 0.5 : 2.0)
            return touchpadPinch(fingers, rotate: rotate, to: target, from: &time)
        case "tap":
            return touches(fingers, at: start, by: .zero, steps: 0, from: &time)
        default:
            return []
        }
    }

    static func touchpadSwipe(_ fingers: Int, by step: Point, steps: Int, from time: inout Double) -> [InputEvent] {
        var events = [InputEvent(time: time, kind: .swipeBegin(fingers: fingers), location: Point(x: 900, y: 500))]
        for _ in 0..<steps {
            time += 0.01
            events.append(
                InputEvent(
                    time: time, kind: .swipeUpdate(fingers: fingers, delta: step), location: Point(x: 900, y: 500)))
        }
        events.append(
            InputEvent(time: time, kind: .swipeEnd(fingers: fingers, cancelled: false), location: Point(x: 900, y: 500))
        )
        return events
    }

    static func touchpadPinch(_ fingers: Int, rotate: Bool, to target: Double, from time: inout Double) -> [InputEvent]
    {
        let at = Point(x: 900, y: 500)
        var events = [InputEvent(time: time, kind: .pinchBegin(fingers: fingers), location: at)]
        for step in 1...10 {
            time += 0.01
            let share = Double(step) / 10
            let scale = rotate ? 1 : 1 + (target - 1) * share
            events.append(
                InputEvent(
                    time: time,
                    kind: .pinchUpdate(
                        fingers: fingers, delta: .zero, scale: scale, rotation: rotate ? target * share : 0),
                    location: at))
        }
        events.append(InputEvent(time: time, kind: .pinchEnd(fingers: fingers, cancelled: false), location: at))
        return events
    }

    /// Fingers 40 px apart landing at `start`, moving `steps` times by `step`, then lifting (a tap with no steps).
    static func touches(_ fingers: Int, at start: Point, by step: Point, steps: Int, from time: inout Double)
        -> [InputEvent]
    {
        let ids = Array(1...fingers)
        var events = ids.map {
            InputEvent(time: time, kind: .touchDown(id: $0), location: start + Point(x: 0, y: Double($0) * 40))
        }
        for index in 0..<steps {
            time += 0.01
            events += ids.map {
                InputEvent(
                    time: time, kind: .touchMove(id: $0),
                    location: start + Point(x: 0, y: Double($0) * 40) + step * Double(index + 1))
            }
        }
        time += steps == 0 ? 0.1 : 0
        events += ids.map {
            InputEvent(
                time: time, kind: .touchUp(id: $0),
                location: start + Point(x: 0, y: Double($0) * 40) + step * Double(steps))
        }
        return events
    }
}
