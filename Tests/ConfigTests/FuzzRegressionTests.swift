import Foundation
import Testing

@testable import AnimConfig

/// Inputs the fuzzers found (scripts/fuzz.sh), kept so that they stay harmless.
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "FuzzRegressions")

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
            #expect(
                !error.errors.isEmpty && error.errors.allSatisfy { $0.line >= 1 && $0.column >= 1 && !$0.file.isEmpty })
        }
    }
}

/// The inputs that aborted toml++ (inside TOMLKit, which animd used to read TOML with) on an assertion: each is a
/// located error of animd's own reader.
struct TOMLKeyErrorTests {
    /// A table header or key that starts beyond ASCII (which aborted animd, exit 134) is a located config error.
    @Test(arguments: [
        ("[é]\nx = 1\n", 1, 2), ("[transitions.日本]\n", 1, 14), ("[daemon]\n€ = 1\n", 2, 1), ("x = 1 # ok\n[ꙮ]\n", 2, 2),
    ])
    func strayCharactersAreErrors(text: String, line: Int, column: Int) throws {
        let error = try #require(ConfigLayeringTests.errors(text).first, "accepted \(text)")
        #expect(error.message.contains("TOML keys are ASCII"), "\(error)")
        #expect(error.line == line && error.column == column, "\(error)")
    }

    /// A table header that starts with anything but a key (which aborted animd too) is a located config error.
    @Test(arguments: [
        "[ =]\n", "[[ =]]\n", "x = 1\n  [\t= { \"a\" = 1 }\n", "[ #]\n", "[\n# comment\n[input]\n", "[", "[]\n",
        "[ ]\n",
    ])
    func headersStartWithAKey(text: String) throws {
        let error = try #require(ConfigLayeringTests.errors(text).first, "accepted \(text)")
        #expect(error.message.contains("table header must start with a key"), "\(error)")
    }

    /// Malformed keys elsewhere, and the missing array value that reached toml++'s fourth assertion.
    @Test(arguments: ["[a. =]\n", "x = { = 1 }\n", "a. = 1\n", "screen = [800,  }\n"])
    func otherBadKeysAndValuesAreErrors(text: String) throws {
        let error = try #require(ConfigLayeringTests.errors(text).first, "accepted \(text)")
        #expect(error.line == 1 && error.column > 1, "\(error)")
    }
}
