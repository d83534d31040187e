import AnimClient
import AnimConfig
import Foundation
import Testing

/// Facts the docs repeat, held to the program (issue 58: config.md said "the other four transitions, and all nine
/// bindings", service.md "5 transitions", while the default has 6 and 11; the variables to import were listed three
/// ways in three places).
struct DocFactsTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func text(_ file: String) throws -> String {
        try String(contentsOf: repo.appendingPathComponent(file), encoding: .utf8)
    }
    static let words = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    ]

    /// The numbers a pattern's groups capture in `text`, words or digits, each occurrence.
    static func numbers(_ pattern: String, in text: String) throws -> [[Int]] {
        let expression = try NSRegularExpression(pattern: pattern)
        let whole = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: whole).map { match in
            (1..<match.numberOfRanges).compactMap { group in
                Range(match.range(at: group), in: text).flatMap { range in
                    Int(text[range]) ?? words.firstIndex(of: String(text[range]))
                }
            }
        }
    }

    @Test func theDefaultsCountsAreTheProgramsOwn() throws {
        let config = try ConfigParser.load(user: nil).config
        let (transitions, bindings) = (config.transitions.count, config.bindings.count)
        #expect(
            try Self.numbers(#"the other (\w+) transitions, and all (\w+) bindings"#, in: Self.text("docs/config.md"))
                == [[transitions - 1, bindings]])
        #expect(try Self.numbers(#"Status: "(\d+) transitions"#, in: Self.text("docs/service.md")) == [[transitions]])
        #expect(
            try Self.numbers(#": (\d+) transitions, (\d+) bindings"#, in: Self.text("docs/wayland.md")).allSatisfy {
                $0 == [transitions, bindings]
            })
        #expect(try Self.numbers(#"the (\w+) default transitions"#, in: Self.text("README.md")) == [[transitions]])
    }

    /// Every command that imports the session's display into systemd's user manager names the same variables, the
    /// ones `animctl doctor` checks (`SetupDiagnosis.displayVariables`).
    @Test func everyImportNamesTheSameVariables() throws {
        var files = ["README.md", "debian/README.Debian"] + ["systemd/animd.service", "systemd/animd.socket"]
        for folder in ["docs", "Sources"] {
            let enumerator = FileManager.default.enumerator(atPath: Self.repo.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                if path.hasSuffix(".md") || path.hasSuffix(".swift") { files.append(folder + "/" + path) }
            }
        }
        let expected = SetupDiagnosis.displayVariables.joined(separator: " ")
        var checked = 0
        for file in files {
            for line in try Self.text(file).split(separator: "\n")
            where line.contains("import-environment ") && line.contains("DISPLAY") {
                let after = line.components(separatedBy: "import-environment ")[1]
                let names = after.split(whereSeparator: { !($0.isUppercase || $0 == "_") }).prefix { !$0.isEmpty }
                    .joined(separator: " ")
                #expect(names.hasPrefix(expected), "\(file): \(line)")
                checked += 1
            }
        }
        #expect(checked >= 4, "\(checked) lines")
    }
}
