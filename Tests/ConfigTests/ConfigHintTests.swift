import Gestures
import Testing

@testable import AnimConfig

/// Config mistakes a person makes, each answered with an error or a warning that names the fix: a string left
/// open, a binding's name misspelt, two edge pans on one edge.
@Suite struct ConfigHintTests {
    static func errors(_ text: String) -> [ConfigError] { ConfigLayeringTests.errors(text) }

    /// `edge = "right` is reported where the string opens, as a string not closed (toml++ would say "unescaped
    /// control characters…"), for both kinds of one-line string; a closed one and a multi-line one are fine.
    @Test(arguments: [
        ("[bindings.sidebar-open]\nedge = \"right\n", 2, 8, "\""),
        ("[bindings.sidebar-open]\nedge = 'right\n", 2, 8, "'"),
        ("x = \"a\\\"\n", 1, 5, "\""), ("[daemon]\nframe-rate = 60\nscreen = [1920, \"1080]", 3, 17, "\""),
    ])
    func anOpenStringIsNamed(text: String, line: Int, column: Int, quote: String) throws {
        let error = try #require(Self.errors(text).first)
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message == "this string is not closed: add the closing \(quote) before the end of the line")
        #expect(!error.message.contains("control characters"))
    }

    @Test func closedAndMultilineStringsPass() {
        #expect(Self.errors("[bindings.sidebar-open]\nedge = \"right\"\n").isEmpty)
    }

    /// A misspelt binding name is one error on its header, naming the nearest binding and every binding, instead
    /// of "transition: is required" and "gesture: is required"; so is turning off a binding that does not exist.
    @Test(arguments: ["[bindings.sidebar-opne]\nedge = \"right\"\n", "[bindings.sidebar-opne]\nenabled = false\n"])
    func aMisspeltBindingNameIsNamed(text: String) throws {
        let errors = Self.errors(text)
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.key == "bindings.sidebar-opne" && error.line == 1)
        #expect(error.message.hasPrefix("no binding is named \"sidebar-opne\"; did you mean \"sidebar-open\"?"))
        #expect(
            error.message.contains(
                "The bindings are: " + ConfigLayeringTests.defaultBindings.joined(separator: ", ") + "."))
        #expect(error.message.hasSuffix("A new binding needs transition and gesture."))
    }

    /// The file's transitions and bindings are named by the rule declared ones are (1 to 64 of A-Z, a-z, 0-9, - and
    /// _): a dotted, empty or spaced name is one error, at the key that names it, and nothing under it is read (a
    /// dotted name's bad value was reported at its header's line, and `layer(ofTransition:)` could not find it).
    /// Columns counted by hand: a header's table is placed at its `[`; an inline table's key where it starts.
    @Test(arguments: [
        ("[transitions.\"a.b\"]\nduration = -1\n", "transitions.\"a.b\"", 1, 1),
        ("[transitions.\"\"]\n", "transitions.\"\"", 1, 1),
        ("\n[transitions.\"my panel\"]\ntiming = \"nope\"\n", "transitions.\"my panel\"", 2, 1),
        ("[bindings.\"x.y\"]\ntransition = \"sidebar\"\ngesture = \"pan\"\n", "bindings.\"x.y\"", 1, 1),
        ("transitions = { \"a.b\" = { duration = 0.2 } }\n", "transitions.\"a.b\"", 1, 17),
        ("[transitions]\n  \"dé\" = { duration = 0.2 }\n", "transitions.\"dé\"", 2, 3),
    ])
    func aNameOutsideTheRuleIsRefusedAtItsKey(text: String, key: String, line: Int, column: Int) throws {
        let errors = Self.errors(text)
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.key == key && error.line == line && error.column == column, "\(error)")
        #expect(error.message == "a name is 1 to 64 of A-Z, a-z, 0-9, - and _ (a TOML bare key)")
    }

    /// The rule's edges: 64 bytes and every allowed character pass; 65 bytes do not, and the error quotes at most
    /// 80 bytes of a long name.
    @Test func theNameRulesEdges() throws {
        let longest = String(repeating: "a", count: 63) + "Z"
        #expect(Self.errors("[transitions.\(longest)]\n[transitions.Az09-_]\n").isEmpty)
        let tooLong = try #require(Self.errors("[transitions.\(longest)b]\n").first)
        #expect(tooLong.key == "transitions.\"\(longest)b\"")
        let huge = try #require(Self.errors("[transitions.\(String(repeating: "b", count: 5000))]\n").first)
        #expect(huge.key == "transitions.\"\(String(repeating: "b", count: 80))…\"")
    }

    /// The built-in touchpad gestures' names are reserved: a binding that takes one is refused, saying why.
    @Test(arguments: BuiltInGesture.allCases)
    func aBindingMayNotTakeABuiltInGesturesName(gesture: BuiltInGesture) throws {
        let text =
            "[bindings.\(gesture.rawValue)]\ntransition = \"panel\"\ngesture = \"edge-pan\"\nedge = \"top\"\ndistance = 300\n"
        let errors = Self.errors(text)
        #expect(
            errors.count == 1 && errors.first?.key == "bindings.\(gesture.rawValue)" && errors.first?.line == 1,
            "\(errors)")
        #expect(errors.first?.message.hasPrefix("\"\(gesture.rawValue)\" is reserved") == true)
    }

    /// A hostile config cannot make the errors huge: the list of names stops at 20, and past 10 overlaps the
    /// warnings say there are more, once.
    @Test func theListsStayShortWhateverTheConfig() throws {
        var text = "defaults = false\n[transitions.t]\nsnap-points = [0, 1]\n"
        for i in 0..<30 {
            text += "[bindings.b\(i)]\ntransition = \"t\"\ngesture = \"edge-pan\"\nedge = \"left\"\ndistance = 100\n"
        }
        let loaded = try ConfigLayeringTests.load(text)
        #expect(loaded.warnings.count == ConfigWarnings.overlapLimit + 1)
        #expect(loaded.warnings.last == "more edge pans overlap than these 10; animctl config shows every binding")
        let error = try #require(Self.errors(text + "[bindings.b0x]\nedge = \"top\"\n").first)
        #expect(error.message.hasPrefix("no binding is named \"b0x\"; did you mean \"b0\"?"))
        #expect(error.message.contains("b19, … (30 in all). A new binding"), "\(error.message)")
        #expect(!error.message.contains("b20,"))
    }

    /// Ten overlaps exactly are all named, with no "more".
    @Test func exactlyTheLimitIsNotMore() throws {
        var text = "defaults = false\n[transitions.t]\nsnap-points = [0, 1]\n"
        // 5 on one edge: 10 pairs.
        for i in 0..<5 {
            text += "[bindings.b\(i)]\ntransition = \"t\"\ngesture = \"edge-pan\"\nedge = \"left\"\ndistance = 100\n"
        }
        let warnings = try ConfigLayeringTests.load(text).warnings
        #expect(warnings.count == 10 && !warnings.contains { $0.hasPrefix("more") })
    }

    /// Far from every name, no guess; a new binding with its transition and gesture is no mistake at all.
    @Test func noGuessForAFarNameAndNoErrorForANewBinding() throws {
        let far = try #require(Self.errors("[bindings.zzzzzzzzzzzz]\ndistance = 5\n").first)
        #expect(!far.message.contains("did you mean"))
        #expect(
            Self.errors(
                "[bindings.mine]\ntransition = \"panel\"\ngesture = \"edge-pan\"\nedge = \"top\"\ndistance = 300\n"
                    + "sources = [\"pointer\"]\n"
            ).isEmpty)
    }

    /// Moving sidebar-open to the right edge, where panel-open is, warns: both take touch and pressure there, and
    /// while both apply, the first takes the swipe. Other sources, require-to-fail between them, or one of them held
    /// (`hold`) do not warn.
    @Test func twoEdgePansOnOneEdgeAndSourceWarn() throws {
        let moved = try ConfigLayeringTests.load("[bindings.sidebar-open]\nedge = \"right\"\n")
        #expect(
            moved.warnings == [
                "bindings sidebar-open and panel-open both start with an edge pan from the right edge (touch, pressure): "
                    + "while both apply, the first in the file takes the swipe and panel-open does not begin; give one "
                    + "another edge or other sources, or order them with require-to-fail"
            ])
        #expect(
            try ConfigLayeringTests.load("[bindings.sidebar-open]\nedge = \"right\"\nsources = [\"pointer\"]\n")
                .warnings.isEmpty)
        #expect(
            try ConfigLayeringTests.load(
                "[bindings.sidebar-open]\nedge = \"right\"\nrequire-to-fail = [\"panel-open\"]\n"
            ).warnings.isEmpty)
        #expect(
            try ConfigLayeringTests.load("[bindings.sidebar-open]\nedge = \"right\"\nhold = 0.3\n").warnings.isEmpty,
            "a held swipe beside an ordinary one is told apart by the rest")
        #expect(try ConfigLayeringTests.load("").warnings.isEmpty, "the default has no overlap")
    }
}
