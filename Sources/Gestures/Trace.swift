import Foundation

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
        let decoder = JSONDecoder()
        var events: [InputEvent] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            do {
                events.append(try decoder.decode(InputEvent.self, from: Data(trimmed.utf8)))
            } catch {
                throw LineError(line: index + 1, message: describe(error))
            }
        }
        return events
    }

    public static func encode(_ events: [InputEvent]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return events.compactMap { event in
            (try? encoder.encode(event)).flatMap { String(data: $0, encoding: .utf8) }
        }.map { $0 + "\n" }.joined()
    }

    /// A readable reason for a decoding failure, naming the field.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case let DecodingError.keyNotFound(key, _): return "missing field \"\(key.stringValue)\""
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            return "field \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        case let DecodingError.dataCorrupted(context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "not valid JSON" : "field \"\(path)\": \(context.debugDescription)"
        default: return "\(error)"
        }
    }
}
