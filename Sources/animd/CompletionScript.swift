/// animd's completion scripts for bash, zsh and fish, written from its option table (`make install` installs them,
/// as ArgumentParser's `--generate-completion-script` does for animctl).
enum CompletionScript {
    static let shells = ["bash", "zsh", "fish"]

    static func text(for shell: String) -> String? {
        switch shell {
        case "bash": bash
        case "zsh": zsh
        case "fish": fish
        default: nil
        }
    }

    private static var options: [AnimdCommandLine.Option] { AnimdCommandLine.shownOptions }

    /// Files for --socket and --config, the backends for --input-backend, else the options.
    static var bash: String {
        let words = options.flatMap { option in (option.short.map { ["-\($0)"] } ?? []) + ["--" + option.long] }.joined(
            separator: " ")
        var cases = ""
        for option in options where option.value != nil {
            let reply =
                option.choices.isEmpty
                ? "compgen -f -- \"$cur\"" : "compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\""
            cases += "        --\(option.long)) COMPREPLY=($(\(reply))); return ;;\n"
        }
        return """
            #!/bin/bash
            _animd() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                case "$prev" in
            \(cases)    esac
                COMPREPLY=($(compgen -W "\(words)" -- "$cur"))
            }
            complete -o filenames -F _animd animd

            """
    }

    static var zsh: String {
        func escaped(_ text: String) -> String {
            var out = ""
            for character in text {
                if "[]:\\".contains(character) { out.append("\\") }
                if character == "'" { out += "'\\''" } else { out.append(character) }
            }
            return out
        }
        let specs = options.map { option -> String in
            let names =
                option.short.map { "'(-\($0) --\(option.long))'{-\($0),--\(option.long)}" } ?? "'--\(option.long)"
            let opening = option.short == nil ? "" : "'"
            var spec = names + opening + "[\(escaped(option.help))]"
            if let value = option.value {
                spec +=
                    ":\(value):" + (option.choices.isEmpty ? "_files" : "(\(option.choices.joined(separator: " ")))")
            }
            return "  " + spec + "'"
        }
        return "#compdef animd\n\n_arguments -s \\\n" + specs.joined(separator: " \\\n") + "\n"
    }

    static var fish: String {
        options.map { option in
            var line = "complete -c animd"
            if let short = option.short { line += " -s \(short)" }
            line += " -l \(option.long)"
            if option.value != nil {
                line += option.choices.isEmpty ? " -r -F" : " -r -f -a '\(option.choices.joined(separator: " "))'"
            }
            return line + " -d '\(option.help.replacingQuote())'"
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// For a single-quoted fish string: a quote and a backslash escaped.
    fileprivate func replacingQuote() -> String {
        var out = ""
        for character in self {
            if character == "'" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
