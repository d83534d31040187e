/// lisgd's `config.def.h`: its `Gesture gestures[]` array, and `threshold`.
enum LisgdHeader {
    static func gestures(in text: String, into config: inout ImportedConfig) throws(ImportError) -> (
        [LisgdImport.Gesture], Double?
    ) {
        let code = withoutComments(text)
        guard let start = code.firstRange(of: "gestures[]"), let open = code[start.upperBound...].firstIndex(of: "{")
        else { throw ImportError(line: 1, message: "no `Gesture gestures[] = { … };` array") }
        var gestures: [LisgdImport.Gesture] = []
        for (line, entry) in entries(code, from: open) {
            if let gesture = gesture(entry, line: line) {
                gestures.append(gesture)
            } else {
                config.leave(line, "{ \(entry) }", because: "not a gesture with a command string (a custom function?)")
            }
        }
        return (gestures, threshold(in: code))
    }

    /// The text with `/* … */` and `// …` comments blanked out, its newlines kept so that lines still count.
    static func withoutComments(_ text: String) -> String {
        var out = "", characters = Array(text), index = 0, inString = false
        while index < characters.count {
            let character = characters[index], next = index + 1 < characters.count ? characters[index + 1] : " "
            if inString {
                out.append(character)
                if character == "\\", index + 1 < characters.count {
                    out.append(next)
                    index += 1
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "/", next == "*" || next == "/" {
                let end: Character = next == "*" ? "*" : "\n"
                index += 2
                while index < characters.count {
                    if characters[index] == "\n" { out.append("\n") }
                    if end == "\n", characters[index] == "\n" { break }
                    if end == "*", characters[index] == "*", index + 1 < characters.count, characters[index + 1] == "/"
                    {
                        index += 1
                        break
                    }
                    index += 1
                }
            } else {
                if character == "\"" { inString = true }
                out.append(character)
            }
            index += 1
        }
        return out
    }

    /// Each `{ … }` inside the array's braces, with the line it starts on.
    private static func entries(_ code: String, from open: String.Index) -> [(Int, String)] {
        var found: [(Int, String)] = []
        var line = code[..<open].filter { $0 == "\n" }.count + 1
        var depth = 0, literal = CLiteralScan(), current = "", currentLine = line
        for character in code[open...] {
            if character == "\n" { line += 1 }
            if literal.isInLiteral(character) {
                current.append(character)
                continue
            }
            switch character {
            case "{":
                depth += 1
                if depth == 2 { (current, currentLine) = ("", line) } else if depth > 2 { current.append(character) }
            case "}":
                if depth == 2 {
                    found.append((currentLine, current.trimmed))
                } else if depth > 2 {
                    current.append(character)
                }
                depth -= 1
                if depth == 0 { return found }
            default:
                if depth >= 2 { current.append(character) }
            }
        }
        return found
    }

    private static let codes = [
        "SwipeLR": "LR", "SwipeRL": "RL", "SwipeDU": "DU", "SwipeUD": "UD", "SwipeDLUR": "DLUR", "SwipeDRUL": "DRUL",
        "SwipeURDL": "URDL", "SwipeULDR": "ULDR",
    ]
    private static let edges = [
        "EdgeAny": "*", "EdgeNone": "N", "EdgeLeft": "L", "EdgeRight": "R", "EdgeTop": "T", "EdgeBottom": "B",
        "CornerTopLeft": "TL", "CornerTopRight": "TR", "CornerBottomLeft": "BL", "CornerBottomRight": "BR",
    ]
    private static let distances = [
        "DistanceAny": "*", "DistanceShort": "S", "DistanceMedium": "M", "DistanceLarge": "L",
    ]

    /// `1, SwipeLR, EdgeAny, DistanceAny, ActModeReleased, "command"[, …]`, or `1, Left, Right, "command"`.
    private static func gesture(_ entry: String, line: Int) -> LisgdImport.Gesture? {
        let fields = splitFields(entry)
        guard fields.count >= 4, let fingers = Int(fields[0]) else { return nil }
        let words = ["Left": "L", "Right": "R", "Up": "U", "Down": "D"]
        if let start = words[fields[1]], let end = words[fields[2]], let command = cString(fields[3]) {
            let code = ["LR", "RL", "DU", "UD"].first { $0 == start + end } ?? start + end
            return LisgdImport.Gesture(
                line: line, entry: "{ \(entry) }", fingers: fingers, code: code, command: command)
        }
        guard fields.count >= 6, let code = codes[fields[1]], let edge = edges[fields[2]],
            let distance = distances[fields[3]], let command = cString(fields[5])
        else { return nil }
        var gesture = LisgdImport.Gesture(
            line: line, entry: "{ \(entry) }", fingers: fingers, code: code, command: command)
        (gesture.edge, gesture.distance, gesture.pressed) = (edge, distance, fields[4] == "ActModePressed")
        return gesture
    }

    /// Fields split at commas outside strings and braces.
    private static func splitFields(_ entry: String) -> [String] {
        var fields: [String] = [], current = "", depth = 0, literal = CLiteralScan()
        for character in entry {
            if !literal.isInLiteral(character) {
                if character == "{" { depth += 1 }
                if character == "}" { depth -= 1 }
                if character == ",", depth == 0 {
                    fields.append(current.trimmed)
                    current = ""
                    continue
                }
            }
            current.append(character)
        }
        if !current.trimmed.isEmpty { fields.append(current.trimmed) }
        return fields
    }

    /// A C string literal's text: adjacent literals joined, `\"`, `\\`, `\n` and `\t` read.
    private static func cString(_ field: String) -> String? {
        guard field.hasPrefix("\""), field.hasSuffix("\""), field.count >= 2 else { return nil }
        var out = "", inString = false, escaped = false
        for character in field {
            if !inString {
                if character == "\"" { inString = true }
                continue
            }
            if escaped {
                out.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                inString = false
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// `threshold = N;`, where the header sets it.
    private static func threshold(in code: String) -> Double? {
        for line in code.split(separator: "\n") where line.contains("threshold") && line.contains("=") {
            let value = line.split(separator: "=").last?.filter { $0.isNumber || $0 == "." } ?? ""
            if let number = Double(value), ImportedConfig.distances.contains(number) { return number }
        }
        return nil
    }
}

/// Where a scan of C source stands with respect to string literals, so that braces and commas inside one count
/// for nothing.
struct CLiteralScan {
    private var inString = false
    private var escaped = false

    /// Scans the next character: true when it belongs to a string literal, its quotes included.
    mutating func isInLiteral(_ character: Character) -> Bool {
        if inString {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                inString = false
            }
            return true
        }
        inString = character == "\""
        return inString
    }
}
