/// `animctl import` (issue 61): another gesture tool's config read, and what it does said as animd bindings.
public enum GestureImport {
    /// Reads `text`, a config of `tool`, with window actions made commands of `session`.
    public static func read(_ tool: ImportedTool, _ text: String, session: ImportSession) throws(ImportError)
        -> ImportedConfig
    {
        var config: ImportedConfig
        switch tool {
        case .touchegg: config = try ToucheggImport.read(text, session: session)
        case .fusuma: config = try FusumaImport.read(text, session: session)
        case .libinputGestures: config = LibinputGesturesImport.read(text, session: session)
        case .lisgd: config = try LisgdImport.read(text)
        }
        // In the file's order, whichever pass found them (settings are read before the gestures they apply to).
        config.leftOut = config.leftOut.enumerated().sorted {
            ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
        }
        .map(\.element)
        return config
    }
}
