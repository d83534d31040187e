import Testing

@testable import AnimConfig

/// Nesting is bounded as the text is read: a few kilobytes of nesting, which used to exhaust the stack of a running
/// daemon on reload, is one error that names where the limit was passed.
@Suite struct NestingTests {
    static func firstError(_ text: String) -> ConfigError? { ConfigLayeringTests.errors(text).first }

    /// Each shape of deep nesting the attacks used, far past the limit, and the column of the level that passes
    /// `TOMLReader.nestingLimit` (64), by its rule: each part of a header or dotted key and each bracket is a level.
    /// The 65th part of a header (part k starts at column 2k), of a dotted key (at 2k − 1); in `x = {a = {a = …`
    /// the k-th "{" is level 2k and its "a" level 2k + 1, so the 32nd "a" (each "{a = " is 5 wide, after "x = ");
    /// in `x = [[[…` the k-th "[" is level k + 1, so the 64th.
    static func deep(_ shape: String) -> (text: String, column: Int) {
        switch shape {
        case "header": ("[" + Array(repeating: "a", count: 5000).joined(separator: ".") + "]\n", 2 * 65)
        case "dotted key": (Array(repeating: "a", count: 4000).joined(separator: ".") + " = 1\n", 2 * 65 - 1)
        case "inline tables":
            (
                "x = " + String(repeating: "{a = ", count: 50_000) + "1" + String(repeating: "}", count: 50_000) + "\n",
                4 + 5 * 31 + 2
            )
        default: ("x = " + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000) + "\n", 4 + 64)
        }
    }

    @Test(arguments: ["header", "dotted key", "inline tables", "arrays"])
    func deepNestingIsOneError(shape: String) throws {
        let (text, column) = Self.deep(shape)
        let error = try #require(Self.firstError(text), "\(shape) must be refused")
        #expect(error.line == 1 && error.column == column, "\(shape): \(error.line):\(error.column)")
        #expect(error.message.contains("nested more than \(TOMLReader.nestingLimit) levels"), "\(error.message)")
    }

    /// At the limit, and with numbers whose dots are no keys', a config reads.
    @Test func theLimitItselfAndNumbersAreFine() {
        let atLimit =
            "[" + Array(repeating: "a", count: TOMLReader.nestingLimit - 1).joined(separator: ".") + "]\nx = 1\n"
        #expect(!ConfigLayeringTests.errors(atLimit).contains { $0.message.contains("nested") })
        let pastLimit =
            "[" + Array(repeating: "a", count: TOMLReader.nestingLimit).joined(separator: ".") + "]\nx = 1\n"
        #expect(Self.firstError(pastLimit)?.message.contains("nested") == true, "one level more is refused")
        let numbers =
            "[daemon]\nframe-rate = 59.94\n" + "x = [" + Array(repeating: "1.5", count: 200).joined(separator: ", ")
            + "]\n"
        #expect(!ConfigLayeringTests.errors(numbers).contains { $0.message.contains("nested") })
    }
}

/// A config's size is bounded: more transitions or bindings than `DaemonConfig` allows is one error naming the
/// table, and the bound itself reads.
@Suite struct ConfigSizeTests {
    /// Without the embedded default's five transitions, so that the count is the file's.
    static func transitions(_ count: Int) -> String {
        "defaults = false\n" + (0..<count).map { "[transitions.t\($0)]\n" }.joined()
    }

    @Test func tooManyTransitionsIsOneError() {
        let errors = ConfigLayeringTests.errors(Self.transitions(10_000))
        #expect(
            errors.map(\.message) == ["has 10000 transitions; at most \(DaemonConfig.maximumTransitions)"],
            "\(errors.prefix(3))")
        #expect(ConfigLayeringTests.errors(Self.transitions(DaemonConfig.maximumTransitions)).isEmpty)
    }

    @Test func tooManyBindingsIsOneError() {
        let bindings = (0..<2000).map {
            "[bindings.b\($0)]\ntransition = \"t0\"\ngesture = \"pan\"\ndistance = 100\nincreases = \"right\"\n"
        }.joined()
        let errors = ConfigLayeringTests.errors(Self.transitions(1) + bindings)
        #expect(
            errors.contains { $0.message == "has 2000 bindings; at most \(DaemonConfig.maximumBindings)" },
            "\(errors.prefix(3))")
    }
}
