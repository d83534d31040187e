import Motion

/// KDE's animation speed, as `kdeglobals` holds it: group `[KDE]`, key `AnimationDurationFactor` (0 turns
/// animations off; other values scale every duration). Pure: the text in, what it says out.
package enum KDEGlobals {
    package enum Reading: Hashable, Sendable {
        /// The factor; 0 means reduced motion.
        case factor(Double)
        /// The file or the key is not there: KDE's default, 1.
        case absent
        /// The key is there, but not a factor animd can use; why, in words.
        case unreadable(String)
    }

    /// The file, and what it said when last read.
    package struct File: Hashable, Sendable {
        package var path: String
        package var reading: Reading

        package init(path: String, reading: Reading) {
            self.path = path
            self.reading = reading
        }
    }

    package static let key = "AnimationDurationFactor"
    /// The largest factor taken (`MotionPolicy.factors`): KDE's own slider stops far below it.
    package static let largestFactor = MotionPolicy.factors.upperBound

    /// What `kdeglobals` says. KConfig's syntax, as far as this key needs it: `[Group]` headers, with modifiers
    /// such as `[KDE][$i]` after them; `key=value`, with spaces around `=` allowed and modifiers such as
    /// `AnimationDurationFactor[$i]` on the key; `#` comments; the last assignment wins.
    package static func read(_ text: Substring) -> Reading {
        var inKDE = false
        var value: Substring?
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                inKDE =
                    line.hasPrefix("[KDE]")
                    && (line.dropFirst(5).allSatisfy { $0 == " " || $0 == "\t" } || line.dropFirst(5).hasPrefix("[$"))
                continue
            }
            guard inKDE, let equals = line.firstIndex(of: "=") else { continue }
            var name = trimmed(line[..<equals])
            if let modifier = name.firstIndex(of: "["), name[modifier...].hasPrefix("[$") { name = name[..<modifier] }
            guard name == key else { continue }
            value = line[line.index(after: equals)...]
        }
        guard let value else { return .absent }
        let text = String(trimmed(value))
        // A decimal number, as KConfig writes one: not Swift's hexadecimal, nan or inf.
        let decimal = text.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
        guard decimal, let factor = Double(text), factor == 0 || MotionPolicy.factors.contains(factor) else {
            return .unreadable(
                "\(key)=\(text.prefix(40)) is not 0 nor a factor from \(MotionPolicy.factors.lowerBound) to \(Int(largestFactor))"
            )
        }
        return .factor(factor == 0 ? 0 : factor)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
        else { return "" }
        return text[first...last]
    }
}
