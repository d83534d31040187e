import Testing
import TextWriting

/// An excerpt is at most its limit in bytes and never splits a character (UTF-8: é is 2 bytes, € 3, 𝄞 4).
struct ExcerptTests {
    @Test func shortTextIsWhole() {
        #expect(excerpt("abc", bytes: 3) == "abc")
        #expect(excerpt("", bytes: 0) == "")
    }

    @Test func longTextIsCutWithAnEllipsis() {
        #expect(excerpt("abcdef", bytes: 4) == "abcd…")
        #expect(excerpt("abcdef", bytes: 0) == "…")
    }

    @Test(arguments: [
        ("aé", 2, "a…"), ("aé", 3, "aé"), ("a€b", 3, "a…"), ("a€b", 4, "a€…"), ("𝄞x", 3, "…"), ("𝄞x", 4, "𝄞…"),
    ])
    func aCutNeverSplitsACharacter(text: String, limit: Int, expected: String) {
        #expect(excerpt(text, bytes: limit) == expected)
    }
}
