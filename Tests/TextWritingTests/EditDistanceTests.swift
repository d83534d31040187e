import Testing
import TextWriting

/// Levenshtein's distance, checked against distances counted by hand from its definition (insertions, deletions
/// and substitutions, each 1).
@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("socket", "socket", 0),
        ("sockt", "socket", 1),  // one insertion
        ("verbos", "verbose", 1),
        ("kitten", "sitting", 3),  // the textbook pair: k→s, e→i, +g
        ("flaw", "lawn", 2),  // −f, +n
        ("éa", "ea", 1),  // a character, not a byte
    ])
    func countsEdits(a: String, b: String, distance: Int) {
        #expect(editDistance(a, b) == distance)
        #expect(editDistance(b, a) == distance, "symmetric")
    }
}
