/// lisgd's gestures (issue 61), from its command line (`lisgd -t 200 -g "1,LR,*,*,R,command" …`) or its
/// `config.def.h` (`Gesture gestures[] = { { 1, SwipeLR, EdgeAny, DistanceAny, ActModeReleased, "command" }, … }`,
/// and the older `{ 1, Left, Right, "command" }`). lisgd reads the touchscreen only, recognizes a stroke when the
/// fingers lift (its released mode) or once they have gone far enough (pressed), and runs a shell command.
public enum LisgdImport {
    /// One gesture as lisgd states it, whichever form it came in.
    struct Gesture {
        var line: Int
        var entry: String
        var fingers: Int
        /// LR, RL, DU, UD, DLUR, DRUL, URDL or ULDR.
        var code: String
        /// *, N, L, R, T, B, TL, TR, BL or BR.
        var edge = "*"
        /// *, S, M or L.
        var distance = "*"
        var pressed = false
        var command: String

        /// Whether this one, earlier, matches every stroke `other` would: its fingers and way, at any edge or
        /// `other`'s, and at any distance or `other`'s (lisgd's `gestureexecute`).
        func shadows(_ other: Gesture) -> Bool {
            fingers == other.fingers && code == other.code && (edge == "*" || edge == other.edge)
                && (distance == "*" || distance == other.distance)
        }
    }

    static let headings = [
        "LR": "right", "RL": "left", "DU": "up", "UD": "down", "DLUR": "up-right", "DRUL": "up-left",
        "URDL": "down-left", "ULDR": "down-right",
    ]

    public static func read(_ text: String) throws(ImportError) -> ImportedConfig {
        var config = ImportedConfig(tool: .lisgd)
        let (gestures, threshold) =
            isCommandLine(text)
            ? try LisgdCommandLine.gestures(in: text, into: &config) : try LisgdHeader.gestures(in: text, into: &config)
        for (index, gesture) in gestures.enumerated() {
            // lisgd runs the first gesture that matches a stroke: a later one that an earlier takes whole never runs.
            if let earlier = gestures[..<index].first(where: { $0.shadows(gesture) }) {
                config.leave(
                    gesture.line, gesture.entry,
                    because:
                        "lisgd never runs it: line \(earlier.line)'s gesture comes first and takes every such stroke")
                continue
            }
            translate(gesture, threshold: threshold, into: &config)
        }
        return config
    }

    /// A command line starts with lisgd, or gives a `-g`; anything else is read as a `config.def.h`.
    private static func isCommandLine(_ text: String) -> Bool {
        let first = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).first ?? ""
        return !text.contains("gestures[]") && (first.hasSuffix("lisgd") || text.contains("-g "))
    }

    /// Released: a swipe at any speed that went lisgd's threshold; pressed: a pan that runs its command once it
    /// begins. Edges are strips 50 px deep on the glass; corners and distance classes are left out or said.
    private static func translate(_ gesture: Gesture, threshold: Double?, into config: inout ImportedConfig) {
        guard let heading = headings[gesture.code] else {
            return config.leave(gesture.line, gesture.entry, because: "no lisgd gesture is \"\(gesture.code)\"")
        }
        guard ImportedConfig.fingers.contains(gesture.fingers) else {
            return config.leave(gesture.line, gesture.entry, because: "animd takes 1 to 5 fingers")
        }
        let edges = ["L": "left", "R": "right", "T": "top", "B": "bottom"]
        guard gesture.edge == "*" || gesture.edge == "N" || edges[gesture.edge] != nil else {
            return config.leave(
                gesture.line, gesture.entry, because: "a corner: animd's places are edges and rectangles")
        }
        var binding = ImportedBinding(
            name: "swipe-\(gesture.fingers)-\(heading)" + (edges[gesture.edge].map { "-from-\($0)" } ?? ""),
            line: gesture.line, entry: gesture.entry)
        let fingers = gesture.fingers...gesture.fingers
        if gesture.pressed, !heading.contains("-") {
            binding.stroke(heading, fingers: fingers, sources: ["touch"])
        } else {
            binding.stroke(heading, fingers: fingers, sources: ["touch"], minDistance: threshold ?? 125, atLift: true)
            if gesture.pressed {
                binding.notes.append("lisgd runs it while the fingers are down; a diagonal here runs at the lift")
            }
        }
        if let edge = edges[gesture.edge] { binding.set("region", .inlineTable("{ edge = \"\(edge)\", depth = 50 }")) }
        if gesture.edge == "N" { binding.notes.append("lisgd's \"not from an edge\" is not kept: it starts anywhere") }
        if gesture.distance != "*" {
            binding.notes.append("lisgd's distance class \(gesture.distance) is not kept: min-distance says how far")
        }
        binding.runShell(gesture.command, fire: gesture.pressed && !heading.contains("-") ? "begin" : "end")
        config.add(binding)
    }
}
