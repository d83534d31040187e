public import Gestures
import JSONText

/// A trace: input events as JSON lines, one event per line (PROTOCOL.md
/// "Input events"). Blank lines and lines starting with `#` are skipped.
/// Reading and writing text only; files are the caller's business.
public enum Trace {
    public struct LineError: Error, Hashable, Sendable, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public static func decode(_ text: String) throws(LineError) -> [InputEvent] {
        var events: [InputEvent] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) || trimmed.hasPrefix("#") { continue }
            guard let value = (try? JSONParser.parse(Array(trimmed.utf8))) else {
                throw LineError(line: index + 1, message: "not valid JSON")
            }
            do {
                events.append(try InputEvent(wire: value))
            } catch {
                throw LineError(line: index + 1, message: error.description)
            }
        }
        return events
    }

    public static func encode(_ events: [InputEvent]) -> String {
        var out = ""
        for event in events {
            event.writeJSON(into: &out)
            out += "\n"
        }
        return out
    }
}
