import Testing
import TextWriting

@Suite struct NumberTextTests {
    /// Whole numbers are written digit by digit: the same text as the standard library's, at both ends of Int64.
    @Test(arguments: [
        0, 1, -1, 9, 10, -10, 99, 100, 1_234_567_890, -987_654_321, 999_999_999_999_999, Int64.max, Int64.min,
    ])
    func integersAreWrittenAsTheStandardLibraryWritesThem(value: Int64) {
        var out = ""
        writeInteger(value, to: &out)
        #expect(out == String(value))
    }

    /// A whole Double below 1e15 is written as an integer (`-0` as `0`); any other as the standard library writes it.
    @Test func wholeDoublesAreWrittenAsIntegers() {
        #expect(formatNumber(-0.0) == "0")
        #expect(formatNumber(999_999_999_999_999) == "999999999999999")
        #expect(formatNumber(-999_999_999_999_999) == "-999999999999999")
        #expect(formatNumber(1e15) == 1e15.description)
        #expect(formatNumber(0.1) == "0.1")
    }

    /// JSON's escapes, which TOML's basic strings share; TOML alone forbids a raw DEL.
    @Test func quotingEscapesWhatJSONAndTOMLForbid() {
        var json = ""
        appendQuoted("a\"b\\c\nd\u{1}\u{7F}", to: &json)
        #expect(json == #""a\"b\\c\nd\u0001"# + "\u{7F}\"")
        var toml = ""
        appendQuoted("\u{7F}", to: &toml, escapingDelete: true)
        #expect(toml == #""\u007f""#)
    }
}
