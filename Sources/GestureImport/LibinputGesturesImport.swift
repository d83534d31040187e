/// `libinput-gestures.conf` (issue 61): `gesture ACTION MOTION [FINGERS] COMMAND` lines for the touchpad, the command
/// run directly (split as `shlex` splits it), `_internal ws_*` switching workspaces through wmctrl; `device`,
/// `swipe_threshold` and `timeout` settings. Its swipes fire at their end, as animd's pans with `fire = "end"` do.
public enum LibinputGesturesImport {
    /// The finger counts a gesture line without one stands for: libinput's swipes take three fingers or more (two
    /// scroll), its pinches two or more; five is a hand.
    static let anySwipe = 3...5
    static let anyPinch = 2...5

    private struct Line {
        var number: Int
        var text: String
        var action: String
        var motion: String
        var fingers: Int?
        var command: String
    }

    public static func read(_ text: String, session: ImportSession) -> ImportedConfig {
        var config = ImportedConfig(tool: .libinputGestures)
        var gestures: [Line] = []
        var threshold: Double?
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1, line = String(raw).trimmed
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            switch words[0].hasSuffix(":") ? String(words[0].dropLast()) : words[0] {
            case "gesture":
                if let gesture = gestureLine(words, line: line, number: number) {
                    if let fingers = gesture.fingers, !ImportedConfig.fingers.contains(fingers) {
                        config.leave(number, line, because: "animd takes 1 to 5 fingers")
                        continue
                    }
                    gestures.append(gesture)
                } else {
                    config.leave(number, line, because: "a gesture line is `gesture ACTION MOTION [FINGERS] COMMAND`")
                }
            case "swipe_threshold":
                threshold = words.count == 2 ? Self.threshold(words[1]) : nil
                if threshold == nil {
                    config.leave(number, line, because: "its value is not 0, or 1 to 100000 dots")
                }
            case "device":
                config.leave(number, line, because: "animd reads every touchpad; `[input]` in animd.toml names devices")
            case "timeout":
                config.leave(number, line, because: "animd's gestures have no overall timeout")
            default:
                config.leave(number, line, because: "not a keyword of libinput-gestures.conf")
            }
        }
        for gesture in ordered(gestures) {
            translate(gesture, threshold: threshold, among: gestures, into: &config, session)
        }
        return config
    }

    /// `swipe_threshold`'s dots, within min-distance's range; 0 is libinput-gestures' default, no threshold.
    private static func threshold(_ word: String) -> Double? {
        Double(word).flatMap { $0 == 0 || ImportedConfig.distances.contains($0) ? $0 : nil }
    }

    /// `gesture ACTION MOTION [FINGERS] COMMAND`, the command being the rest of the line as written.
    private static func gestureLine(_ words: [String], line: String, number: Int) -> Line? {
        guard words.count >= 4 else { return nil }
        let fingers = words[3].count == 1 ? Int(words[3]) : nil
        let skip = fingers == nil ? 3 : 4
        guard words.count > skip else { return nil }
        var rest = Substring(line)
        for word in words.prefix(skip) {
            rest = rest.drop { $0 == " " || $0 == "\t" }.dropFirst(word.count)
        }
        return Line(
            number: number, text: line, action: words[1], motion: words[2], fingers: fingers, command: rest.trimmed)
    }

    /// Lines with a finger count first: libinput-gestures prefers them to the same gesture without one, which the
    /// finger ranges below already keep apart.
    private static func ordered(_ lines: [Line]) -> [Line] {
        lines.filter { $0.fingers != nil } + lines.filter { $0.fingers == nil }
    }

    /// The finger counts a line covers: its own, or what lines of the same gesture with a count leave.
    private static func fingerRanges(_ line: Line, among lines: [Line], any: ClosedRange<Int>) -> [ClosedRange<Int>] {
        if let fingers = line.fingers { return [fingers...fingers] }
        let taken = Set(lines.filter { $0.action == line.action && $0.motion == line.motion }.compactMap(\.fingers))
        var ranges: [ClosedRange<Int>] = []
        for count in any where !taken.contains(count) {
            if let last = ranges.last, last.upperBound == count - 1 {
                ranges[ranges.count - 1] = last.lowerBound...count
            } else {
                ranges.append(count...count)
            }
        }
        return ranges
    }

    /// A swipe's finger ranges: a diagonal is a swipe, which takes one finger count, so one binding per count.
    private static func swipeRanges(_ line: Line, heading: String, among lines: [Line]) -> [ClosedRange<Int>] {
        fingerRanges(line, among: lines, any: anySwipe).flatMap { range in
            heading.contains("-") ? range.map { $0...$0 } : [range]
        }
    }

    private static let headings = [
        "up": "up", "down": "down", "left": "left", "right": "right", "left_up": "up-left", "left_down": "down-left",
        "right_up": "up-right", "right_down": "down-right",
    ]

    private static func translate(
        _ line: Line, threshold: Double?, among lines: [Line], into config: inout ImportedConfig,
        _ session: ImportSession
    ) {
        let name = "\(line.action)-\(line.motion.replacingAll("_", with: "-"))"
        switch (line.action, line.motion) {
        case ("swipe", let motion):
            guard let heading = headings[motion] else {
                return config.leave(line.number, line.text, because: "no swipe goes \"\(motion)\"")
            }
            for fingers in swipeRanges(line, heading: heading, among: lines) {
                var binding = ImportedBinding(
                    name: "\(name)-\(fingers.lowerBound)", line: line.number, entry: line.text)
                binding.stroke(heading, fingers: fingers, sources: ["touchpad"], minDistance: threshold)
                command(line, binding, into: &config, session)
            }
        case ("pinch", "in"), ("pinch", "out"), ("pinch", "clockwise"), ("pinch", "anticlockwise"):
            let rotate = line.motion.hasSuffix("clockwise")
            let way = line.motion == "anticlockwise" ? "counter-clockwise" : line.motion
            for fingers in fingerRanges(line, among: lines, any: anyPinch) {
                var binding = ImportedBinding(
                    name: "\(name)-\(fingers.lowerBound)", line: line.number, entry: line.text)
                binding.transform(rotate ? "rotate" : "pinch", way: way, fingers: fingers, sources: ["touchpad"])
                command(line, binding, into: &config, session)
            }
        case ("hold", _):
            config.leave(
                line.number, line.text,
                because: "a touchpad hold runs no command in animd: libinput's hold is published as the `hold` gesture")
        case ("drag", _):
            config.leave(
                line.number, line.text, because: "a drag that holds the mouse button: animd presses no buttons")
        default:
            config.leave(line.number, line.text, because: "no gesture is \"\(line.action) \(line.motion)\"")
        }
    }

    /// The line's command: `_internal ws_*` as the session's workspace switch, a plain command as its words, one
    /// that names its program with `~` or `$` through `sh -c` (libinput-gestures expands those).
    private static func command(
        _ line: Line, _ binding: ImportedBinding, into config: inout ImportedConfig, _ session: ImportSession
    ) {
        guard let words = ShellWords.split(line.command), let program = words.first else {
            return config.leave(line.number, line.text, because: "its command has an unclosed quote")
        }
        var binding = binding
        switch program {
        case "_internal":
            let options = words.dropFirst().filter { $0.hasPrefix("-") }
            guard let action = words.last, options.allSatisfy({ ["-w", "--wrap"].contains($0) }),
                let next = ["ws_up": true, "ws_left": true, "ws_down": false, "ws_right": false][action]
            else {
                return config.leave(
                    line.number, line.text, because: "a workspace grid (--cols, diagonal moves): animd runs no grid")
            }
            if !options.isEmpty { binding.notes.append("its --wrap is the session's own behaviour now") }
            config.addWindowAction(binding, .workspace(next: next), on: session)
        case "_drag":
            config.leave(
                line.number, line.text, because: "a drag that holds the mouse button: animd presses no buttons")
        default:
            if program.hasPrefix("~") || program.contains("$") {
                binding.runShell(line.command)
            } else {
                binding.run(words)
            }
            config.add(binding)
        }
    }
}
