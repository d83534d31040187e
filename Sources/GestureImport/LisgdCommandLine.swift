/// lisgd's command line: `-g` gestures (`fingers,gesture[,edge,distance[,actmode]],command`, or the first
/// releases' `fingers,start,end,command` with words) and `-t`, the distance a released stroke must go.
enum LisgdCommandLine {
    static func gestures(in text: String, into config: inout ImportedConfig) throws(ImportError) -> (
        [LisgdImport.Gesture], Double?
    ) {
        let joined = text.replacingAll("\\\n", with: " ").replacingAll("\n", with: " ")
        guard let words = ShellWords.split(joined) else { throw ImportError(line: 1, message: "an unclosed quote") }
        var gestures: [LisgdImport.Gesture] = []
        var threshold: Double?
        var index = words.first.map { $0.hasSuffix("lisgd") } == true ? 1 : 0
        while index < words.count {
            let option = words[index], value = index + 1 < words.count ? words[index + 1] : nil
            let line = lineNumber(of: value ?? option, in: text)
            index += option == "-v" ? 1 : 2
            switch (option, value) {
            case ("-g", let spec?):
                if let gesture = Self.spec(spec, line: line) {
                    gestures.append(gesture)
                } else {
                    config.leave(
                        line, "-g \"\(spec)\"", because: "a gesture is fingers,gesture,edge,distance,actmode,command")
                }
            case ("-t", let distance?):
                threshold = Double(distance).flatMap { ImportedConfig.distances.contains($0) ? $0 : nil }
                if threshold == nil {
                    config.leave(line, "-t \(distance)", because: "not a distance of 1 to 100000 px")
                }
            case ("-v", _), ("-d", _), ("-w", _), ("-h", _):
                continue
            case (_, _):
                config.leave(line, "\(option) \(value ?? "")".trimmed, because: "has no counterpart in animd")
            }
        }
        return (gestures, threshold)
    }

    /// The line of the text where `word` first appears (1 when it does not, as in a joined line).
    private static func lineNumber(of word: String, in text: String) -> Int {
        let probe = String(word.prefix(24))
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains(probe) {
            return offset + 1
        }
        return 1
    }

    static let edges: Set = ["*", "N", "L", "R", "T", "B", "TL", "TR", "BL", "BR"]
    static let distances: Set = ["*", "S", "M", "L"]

    /// One `-g` gesture.
    static func spec(_ text: String, line: Int) -> LisgdImport.Gesture? {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmed }
        guard fields.count >= 3, let fingers = Int(fields[0]) else { return nil }
        var gesture = LisgdImport.Gesture(
            line: line, entry: "-g \"\(text)\"", fingers: fingers, code: fields[1].uppercased(), command: "")
        let words = ["left": "L", "right": "R", "up": "U", "down": "D"]
        if fields.count >= 4, let start = words[fields[1].lowercased()], let end = words[fields[2].lowercased()] {
            gesture.code = start + end == "LR" || start + end == "RL" ? start + end : start == "D" ? "DU" : "UD"
            gesture.command = fields[3...].joined(separator: ",")
        } else if fields.count >= 5, edges.contains(fields[2]), distances.contains(fields[3]) {
            (gesture.edge, gesture.distance) = (fields[2], fields[3])
            let hasMode = fields.count >= 6 && (fields[4] == "R" || fields[4] == "P")
            gesture.pressed = hasMode && fields[4] == "P"
            gesture.command = fields[(hasMode ? 5 : 4)...].joined(separator: ",")
        } else {
            gesture.command = fields[2...].joined(separator: ",")
        }
        return gesture.command.isEmpty ? nil : gesture
    }
}
