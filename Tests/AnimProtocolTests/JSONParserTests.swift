import Foundation
import JSONText
import Testing

@testable import AnimProtocol

/// The request path's JSON parser against Foundation's JSONSerialization as the reference.
@Suite struct JSONParserTests {
    /// Foundation's reading of a text, in JSONValue form, for comparison (objects compared with sorted members).
    static func reference(_ text: String) -> JSONValue? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            return nil
        }
        return convert(object)
    }

    static func convert(_ object: Any) -> JSONValue {
        switch object {
        case is NSNull: return .null
        case let number as NSNumber where String(cString: number.objCType) == "c": return .bool(number.boolValue)
        case let number as NSNumber: return .number(number.doubleValue)
        case let string as String: return .string(string)
        case let array as [Any]: return .array(array.map(convert))
        case let dictionary as [String: Any]:
            return .object(dictionary.map { ($0.key, convert($0.value)) }.sorted { $0.0 < $1.0 })
        default: return .null
        }
    }

    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .array(items): .array(items.map(canonical))
        case let .object(members):
            // The reference keeps the last of repeated keys; the generator never repeats one.
            .object(members.map { ($0.0, canonical($0.1)) }.sorted { $0.0 < $1.0 })
        default: value
        }
    }

    /// A small deterministic generator of JSON texts: nesting, escapes, non-ASCII, numbers in every form.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func text(depth: Int = 0) -> String {
            switch next(depth > 3 ? 4 : 6) {
            case 0: return ["true", "false", "null"][next(3)]
            case 1: return number()
            case 2, 3: return string()
            case 4:
                return "["
                    + (0..<next(4)).map { _ in text(depth: depth + 1) }.joined(separator: next(2) == 0 ? "," : " , ")
                    + "]"
            default:
                let keys = Set((0..<next(4)).map { "k\($0)\(next(3))" })
                return "{" + keys.map { "\"\($0)\":" + text(depth: depth + 1) }.joined(separator: ",") + "}"
            }
        }

        mutating func number() -> String {
            // Short numbers only: Foundation on Linux rounds some long ones wrongly (0.30000000000000004 reads as
            // 0.3000000000000001), so long numbers are checked against the standard library in `numbersRoundCorrectly`.
            let forms = [
                "0", "-0", "7", "-12", "0.5", "3.14159", "1e3", "2E-5", "-1.5e+10", "0.1", "5e-324",
                "\(next(1_000_000))", "\(next(1000)).\(next(1000))", "-\(next(100))e\(next(40) - 20)",
            ]
            return forms[next(forms.count)]
        }

        mutating func string() -> String {
            let pieces = [
                "a", "é", "日本", "😀", "\\n", "\\t", "\\\"", "\\\\", "\\/", "\\u0041", "\\u00e9", "\\ud83d\\ude00", " ",
                "\\u0000",
            ]
            return "\"" + (0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined() + "\""
        }
    }

    /// 2,000 generated documents read the same as Foundation reads them (numbers to the bit).
    @Test func agreesWithFoundation() throws {
        var generator = Generator(state: 0x5EED)
        for _ in 0..<2000 {
            let text = generator.text()
            let expected = try #require(Self.reference(text), "Foundation rejects \(text)")
            let parsed = try JSONParser.parse(Array(text.utf8))
            #expect(Self.canonical(parsed) == expected, "\(text)")
        }
    }

    /// Every number reads as the standard library's correctly rounded Double(text): 20,000 random texts with up to 25
    /// digits, a point anywhere, exponents from -330 to 310 (the fast path and the fallback both).
    @Test func numbersRoundCorrectly() throws {
        var generator = Generator(state: 42)
        for _ in 0..<20_000 {
            let count = 1 + generator.next(25)
            var digits = (0..<count).map { _ in String(generator.next(10)) }.joined()
            while digits.count > 1 && digits.hasPrefix("0") { digits.removeFirst() }
            var text = generator.next(2) == 0 ? "-" : ""
            let point = generator.next(digits.count + 1)
            if point > 0 && point < digits.count {
                text += digits.prefix(point) + "." + digits.dropFirst(point)
            } else {
                text += digits
            }
            if generator.next(3) == 0 { text += "e\(generator.next(640) - 330)" }
            let reference = try #require(Double(text))
            guard reference.isFinite else {
                #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
                continue
            }
            let parsed = try JSONParser.parse(Array(text.utf8)).number
            #expect(parsed == reference && parsed?.sign == reference.sign, "\(text)")
        }
    }

    /// Member order is the text's, which a dictionary would lose.
    @Test func keepsMemberOrder() throws {
        let value = try JSONParser.parse(Array(#"{"z":1,"a":2,"m":3}"#.utf8))
        #expect(value.objectMembers?.map(\.0) == ["z", "a", "m"])
    }

    /// Everything RFC 8259 forbids, and what animd refuses on top (numbers beyond Double, nesting past 512), is an error.
    @Test(arguments: [
        "", " ", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "-", "1e", "+1", "0x10", "NaN", "Infinity", "tru", "nul",
        "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"", "\"a\u{01}b\"", "[1 2]", "{\"a\" 1}", "{1:2}",
        "1e400", "-1e400", "1 2", "[]]", String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
    func rejects(_ text: String) {
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    /// Bytes that are not UTF-8 inside a string are refused.
    @Test func rejectsInvalidUTF8() throws {
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22]) }
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse([0x22, 0x5C, 0x6E, 0xC3, 0x22]) }
        // ASCII first, then a cut sequence: the ASCII fast path must still see the high byte.
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse([0x22, 0x61, 0x62, 0xC3, 0x22]) }
        #expect(try JSONParser.parse([0x22, 0x61, 0xC3, 0xA9, 0x22]).string == "aé")
    }

    /// 512 levels are fine; the limit is exact.
    @Test func depthLimit() throws {
        let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        _ = try JSONParser.parse(Array(deep.utf8))
    }

    /// -0, the smallest subnormal and the largest finite value arrive exactly.
    @Test func extremeNumbers() throws {
        #expect(try JSONParser.parse(Array("-0".utf8)).number.map { $0 == 0 && $0.sign == .minus } == true)
        #expect(try JSONParser.parse(Array("5e-324".utf8)).number == .leastNonzeroMagnitude)
        #expect(try JSONParser.parse(Array("1.7976931348623157e308".utf8)).number == .greatestFiniteMagnitude)
    }
}
