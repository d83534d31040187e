import Foundation
import Testing
@testable import AnimConfig

/// Inputs the fuzzers found (scripts/fuzz.sh), kept so that they stay harmless.
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

    /// The cases below exist: a moved or emptied folder would otherwise run none of them and stay green.
    @Test func theFuzzerCasesAreThere() throws {
        #expect(try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).count >= 1)
    }

    /// Each config the config fuzzer crashed on parses to a config or to located errors, never a crash; the bytes are
    /// read as the fuzzer reads them (invalid UTF-8 becomes U+FFFD).
    @Test(arguments: (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? [])
    func configsFromTheFuzzer(name: String) throws {
        let bytes = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            _ = try ConfigParser.parse(text)
        } catch {
            #expect(!error.errors.isEmpty && error.errors.allSatisfy { $0.line >= 1 && $0.column >= 1 })
        }
        do {
            _ = try ConfigParser.load(user: ConfigLayer(name: name, text: text))
        } catch {
            #expect(!error.errors.isEmpty && error.errors.allSatisfy { $0.line >= 1 && $0.column >= 1 && !$0.file.isEmpty })
        }
    }
}

/// The rule that keeps toml++'s assertion from ever firing: nothing beyond ASCII outside strings and comments.
struct TOMLPrecheckTests {
    /// A table header or key that starts beyond ASCII (which aborted animd, exit 134) is a located config error.
    @Test(arguments: ["[é]\nx = 1\n", "[transitions.日本]\n", "[daemon]\n€ = 1\n", "x = 1 # ok\n[ꙮ]\n"])
    func strayCharactersAreErrors(text: String) {
        do {
            _ = try ConfigParser.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.errors.first?.message.contains("TOML keys are ASCII") == true)
        }
    }

    /// A table header that starts with anything but a key (which aborted animd too) is a located config error; a
    /// malformed key elsewhere is toml++'s to report, and it does.
    @Test(arguments: ["[ =]\n", "[[ =]]\n", "x = 1\n  [\t= { \"a\" = 1 }\n", "[ #]\n", "[\n# comment\n[input]\n", "["])
    func headersStartWithAKey(text: String) {
        do {
            _ = try ConfigParser.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.errors.first?.message.contains("table header must start with a key") == true, "\(error)")
        }
    }

    @Test(arguments: ["[a. =]\n", "x = { = 1 }\n", "a. = 1\n", "[]\n", "[ ]\n"])
    func otherBadKeysAreTOMLKitsErrors(text: String) {
        #expect(throws: ConfigErrors.self) { try ConfigParser.parse(text) }
    }

    /// Inside strings of every kind, and in comments, anything goes; the position of a stray one is exact.
    @Test func stringsAndCommentsMayHoldAnything() {
        let text = "# café\na = \"é\\\"é\"\nb = 'é'\nc = \"\"\"\né\n\"\"\"\nd = '''\né'''\n[\"é\"]\ne = 1 ü\n"
        #expect(TOMLPrecheck.firstStray(text) == .init(line: 10, column: 7, character: "ü"))
        #expect(TOMLPrecheck.firstStray("a = \"unterminated é\nb = 1\n") == .init(line: 1, column: 5, character: "\"", kind: .unclosedString),
                "a one-line string that runs to the line's end is named where it opens")
    }
}
