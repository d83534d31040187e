import Testing

@testable import AnimConfig

/// animd's TOML reader against TOML 1.0 (https://toml.io/en/v1.0.0): the spec's own examples of valid documents
/// read to the values the spec gives, its invalid examples are refused with a position, and every key and value
/// knows where it was written.
@Suite struct TOMLReaderTests {
    static func read(_ text: String) throws(TOMLError) -> ConfigTable { try TOMLReader.read(text, layer: "test") }

    static func error(_ text: String) -> TOMLError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    static func value(_ text: String, _ path: String = "x") throws -> ConfigNode.Value {
        try #require(try read(text).node(at: path.split(separator: ".").map(String.init))).value
    }

    /// Basic strings take the spec's escapes; literal strings take none.
    @Test func strings() throws {
        #expect(
            try Self.read(#"x = "I'm a string. \"You can quote me\". Name\tJos\u00E9\nLocation\tSF.""#)["x"]?.string
                == "I'm a string. \"You can quote me\". Name\tJos\u{E9}\nLocation\tSF.")
        #expect(try Self.read(#"x = "\b\f\r\\\U0001F600""#)["x"]?.string == "\u{8}\u{C}\r\\\u{1F600}")
        #expect(try Self.read(#"x = 'C:\Users\nodejs\templates'"#)["x"]?.string == #"C:\Users\nodejs\templates"#)
        #expect(try Self.read("x = ''").node(at: ["x"])?.string == "")
    }

    /// A multi-line string drops the line break after its opening; a backslash at a line's end drops the break and
    /// the blanks after it; one or two quotes may end the content (the spec's examples).
    @Test func multilineStrings() throws {
        #expect(
            try Self.read("x = \"\"\"\nRoses are red\nViolets are blue\"\"\"")["x"]?.string
                == "Roses are red\nViolets are blue")
        let folded = "x = \"\"\"\nThe quick brown \\\n\n\n  fox jumps over \\\n    the lazy dog.\"\"\""
        #expect(try Self.read(folded)["x"]?.string == "The quick brown fox jumps over the lazy dog.")
        #expect(
            try Self.read(#"x = """Here are fifteen quotation marks: ""\"""\"""\"""\"""\".""""#)["x"]?.string
                == #"Here are fifteen quotation marks: """""""""""""""."#)
        #expect(
            try Self.read(#"x = """"This," she said, "is just a pointless statement."""""#)["x"]?.string
                == #""This," she said, "is just a pointless statement.""#)
        #expect(
            try Self.read(
                "x = '''\nThe first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n'''"
            )["x"]?.string
                == "The first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n")
        #expect(
            try Self.read("x = ''''That,' she said, 'is still pointless.''''")["x"]?.string
                == "'That,' she said, 'is still pointless.'")
        #expect(try Self.read("x = \"\"\"a\r\nb\"\"\"")["x"]?.string == "a\nb", "CR LF is a line break")
    }

    @Test(arguments: [
        ("+99", 99), ("42", 42), ("0", 0), ("-17", -17), ("1_000", 1000), ("5_349_221", 5_349_221),
        ("1_2_3_4_5", 12345),
        ("0xDEADBEEF", 0xDEADBEEF), ("0xdead_beef", 0xDEADBEEF), ("0o01234567", 0o1234567), ("0o755", 0o755),
        ("0b11010110", 0b11010110), ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
    ])
    func integers(text: String, expected: Int) throws {
        #expect(try Self.read("x = \(text)")["x"]?.int == expected)
    }

    @Test(arguments: [
        ("+1.0", 1.0), ("3.1415", 3.1415), ("-0.01", -0.01), ("5e+22", 5e22), ("1e06", 1e6), ("-2E-2", -2e-2),
        ("6.626e-34", 6.626e-34), ("224_617.445_991_228", 224_617.445_991_228), ("-0.0", -0.0), ("inf", .infinity),
        ("+inf", .infinity), ("-inf", -.infinity),
    ])
    func floats(text: String, expected: Double) throws {
        let value = try #require(try Self.read("x = \(text)")["x"]?.number)
        #expect(value == expected && value.sign == expected.sign)
    }

    @Test func nanAndBooleansAndDates() throws {
        #expect(try Self.read("x = nan")["x"]?.number?.isNaN == true)
        #expect(try Self.read("x = -nan")["x"]?.number?.isNaN == true)
        #expect(try Self.read("x = true")["x"]?.bool == true && Self.read("x = false")["x"]?.bool == false)
        for date in [
            "1979-05-27T07:32:00Z", "1979-05-27T00:32:00-07:00", "1979-05-27T00:32:00.999999-07:00",
            "1979-05-27 07:32:00Z",
            "1979-05-27T07:32:00", "1979-05-27T00:32:00.999999", "1979-05-27", "07:32:00", "00:32:00.999999",
            "2024-02-29",
        ] {
            guard case .dateOrTime = try Self.value("x = \(date)") else {
                Issue.record("\(date) is a date or time"); continue
            }
        }
    }

    /// Tables, dotted keys, quoted keys and arrays of tables nest as the spec's examples say, in the file's order.
    @Test func tablesAndKeys() throws {
        let text = """
            name = "Orange"
            physical.color = "orange"
            physical.shape = "round"
            site."google.com" = true
            "ʎǝʞ" = 'value'
            3.14159 = "pi"

            [dog."tater.man"]
            type.name = "pug"

            [x.y.z.w]
            [x]
            k = 1

            [[products]]
            name = "Hammer"
            [[products]]
            [[products]]
            name = "Nail"
            [products.detail]
            size = 2
            """
        let table = try Self.read(text)
        #expect(table.keys == ["name", "physical", "site", "ʎǝʞ", "3", "dog", "x", "products"])
        #expect(table.node(at: ["physical", "shape"])?.string == "round")
        #expect(table.node(at: ["site", "google.com"])?.bool == true)
        #expect(table.node(at: ["3", "14159"])?.string == "pi")
        #expect(table.node(at: ["dog", "tater.man", "type", "name"])?.string == "pug")
        #expect(table.node(at: ["x", "k"])?.int == 1 && table.node(at: ["x", "y", "z", "w"])?.table?.keys == [])
        let products = try #require(table["products"]?.array)
        #expect(products.count == 3)
        #expect(products[0].table?["name"]?.string == "Hammer" && products[1].table?.keys == [])
        #expect(
            products[2].table?.node(at: ["detail", "size"])?.int == 2,
            "a [table] below [[products]] goes in its last element")
    }

    @Test func arraysAndInlineTables() throws {
        let text = """
            integers = [ 1, 2, 3 ]
            nested_mixed_array = [ [ 1, 2 ], ["a", "b", "c"] ]
            numbers = [ 0.1, 0.2, 0.5, 1, 2, 5 ]
            contributors = [
              "Foo Bar <foo@example.com>", # a comment
              { name = "Baz Qux", email = "bazqux@example.com", url = "https://example.com/bazqux" },
            ]
            animal = { type.name = "pug" }
            empty = {}
            """
        let table = try Self.read(text)
        #expect(table["integers"]?.array?.compactMap(\.int) == [1, 2, 3])
        #expect(table["nested_mixed_array"]?.array?[1].array?.compactMap(\.string) == ["a", "b", "c"])
        #expect(table["numbers"]?.array?.compactMap(\.number) == [0.1, 0.2, 0.5, 1, 2, 5])
        #expect(table["contributors"]?.array?[1].table?["email"]?.string == "bazqux@example.com")
        #expect(table.node(at: ["animal", "type", "name"])?.string == "pug")
        #expect(table["empty"]?.table?.keys == [])
    }

    /// Every invalid example of the spec, and the other rules it states, is refused at the line and column where
    /// the text breaks the rule.
    @Test(arguments: [
        ("key = # INVALID", 1, 7),
        ("first = \"Tom\" last = \"Preston-Werner\" # INVALID", 1, 15),
        ("= \"no key name\"", 1, 1),
        ("name = \"Tom\"\nname = \"Pradyun\"", 2, 1),
        ("spelling = \"favorite\"\n\"spelling\" = \"favourite\"", 2, 1),
        ("fruit.apple = 1\nfruit.apple.smooth = true", 2, 7),
        ("[fruit]\napple = \"red\"\n\n[fruit]\norange = \"orange\"", 4, 2),
        ("[fruit]\napple = \"red\"\n\n[fruit.apple]\ntexture = \"smooth\"", 4, 8),
        ("[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n[fruit.apple]", 4, 8),
        ("[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n[fruit.apple.taste]", 4, 14),
        ("[product]\ntype = { name = \"Nail\" }\ntype.edible = false", 3, 1),
        ("[product]\ntype.name = \"Nail\"\ntype = { edible = false }", 3, 1),
        ("[fruit.physical]\ncolor = \"red\"\n[[fruit]]\nname = \"apple\"", 3, 3),
        ("fruits = []\n[[fruits]]", 2, 3),
        ("[[fruits]]\nname = \"apple\"\n[fruits]", 3, 2),
        ("int = 017", 1, 7),
        ("int = 1__000", 1, 7),
        ("int = _1000", 1, 7),
        ("int = 1000_", 1, 7),
        ("int = 0x", 1, 7),
        ("int = 9223372036854775808", 1, 7),
        ("float = .7", 1, 9),
        ("float = 7.", 1, 9),
        ("float = 3.e+20", 1, 9),
        ("float = 1e", 1, 9),
        ("date = 1979-13-27", 1, 8),
        ("date = 1979-02-29", 1, 8),
        ("time = 24:00:00", 1, 8),
        ("x = \"a\\qb\"", 1, 7),
        ("x = \"\\uD800\"", 1, 6),
        ("x = \"tab\u{7}\"", 1, 9),
        ("x = { a = 1,\n b = 2 }", 1, 13),
        ("x = { a = 1, }", 1, 14),
        ("x = [1 2]", 1, 8),
        ("x = \"\"\"never closed", 1, 5),
        ("x = 1\r", 1, 6),
        ("# comment \u{1}\nx = 1", 1, 11),
        ("[a]]\nb = 1", 1, 4),
        ("\"\"\"key\"\"\" = 1", 1, 1),
        ("x = truee", 1, 5),
        ("x = bare", 1, 5),
    ])
    func invalidDocuments(text: String, line: Int, column: Int) throws {
        let error = try #require(Self.error(text), "accepted: \(text)")
        #expect(error.position == TextPosition(line: line, column: column), "\(text): \(error)")
    }

    /// Keys, headers and values know their line, the key's column and the value's column; columns count Unicode
    /// scalars, so the same value after a two-byte letter is still in the right column.
    @Test func positions() throws {
        let table = try Self.read("[a]\n  k = 1\nq.r = \"é\"   # x\n\"é\" = [1,\n  22]\n[b.c]\n")
        let k = try #require(table.node(at: ["a", "k"]))
        #expect((k.origin.line, k.origin.keyColumn, k.origin.valueColumn) == (2, 3, 7))
        let r = try #require(table.node(at: ["a", "q", "r"]))
        #expect((r.origin.line, r.origin.keyColumn, r.origin.valueColumn) == (3, 1, 7))
        let array = try #require(table.node(at: ["a", "é"]))
        #expect((array.origin.line, array.origin.valueColumn) == (4, 7))
        #expect(array.array?.map { [$0.origin.line, $0.origin.valueColumn] } == [[4, 8], [5, 3]])
        #expect(
            table["b"]?.origin.line == 6 && table["b"]?.origin.keyColumn == 1,
            "an implied table is placed where it is first named")
        #expect(Self.error("x = \"é\" y")?.position == TextPosition(line: 1, column: 9))
    }

    /// An error names the key it concerns with its whole path, or the table in force.
    @Test func errorsNameTheirKey() {
        #expect(Self.error("[daemon]\nscreen = [1, 2\n")?.key == "daemon.screen")
        #expect(
            Self.error("[bindings.open]\nregion = { edge = \"left\", depth = }\n")?.key == "bindings.open.region.depth")
        #expect(Self.error("[daemon]\n=1\n")?.key == "daemon")
    }
}

/// A config file's bytes must be UTF-8 (TOML 1.0); one that is not is refused where it stops being so, instead of
/// being read with U+FFFD in place of the byte.
@Suite struct ConfigEncodingTests {
    @Test func aByteThatIsNotUTF8IsRefusedWhereItIs() throws {
        let bytes = Array("[daemon]\nframe-rate = 60 # é\nx = \"".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
        do {
            _ = try ConfigLayer(name: "f.toml", utf8: bytes)
            Issue.record("accepted bytes that are not UTF-8")
        } catch {
            #expect(error.errors.map { [$0.line, $0.column] } == [[3, 6]], "\(error)")
            #expect(error.errors.first?.file == "f.toml" && error.errors.first?.message.contains("UTF-8") == true)
        }
        #expect(try ConfigLayer(name: "f", utf8: Array("x = \"é\"\n".utf8)).text == "x = \"é\"\n")
    }
}
