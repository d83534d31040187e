/// A command line split into words as a POSIX shell (and Python's `shlex`) splits one without expanding anything:
/// blanks separate words; single quotes keep everything; double quotes keep all but `\"`, `\\`, `\$` and `` \` ``;
/// a backslash elsewhere keeps the next character. Nil for an unclosed quote.
enum ShellWords {
    static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var word = "", inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                if quote == "\"", !"\"\\$`".contains(character) { word.append("\\") }
                word.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""): quote = nil
            case ("'", _): word.append(character)
            case (_, "\\"):
                escaped = true
                inWord = true
            case ("\"", _): word.append(character)
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case (nil, " "), (nil, "\t"):
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(word) }
        return words
    }

    /// Whether a shell would do something with the text beyond splitting it into words (pipes, redirections,
    /// expansions, several commands): then it must run through `sh -c`.
    static func needsShell(_ line: String) -> Bool {
        line.contains { "|&;<>()$`*?[]{}~#!".contains($0) }
    }
}
