/// The XSETTINGS property's bytes, as the XSETTINGS specification lays them out: a byte order, a serial, and the
/// settings, each a type, a name and a value. Pure, and total: bytes that do not follow the layout read as nil.
enum XSettings {
    enum Value: Hashable {
        case integer(Int32)
        case string(String)
        case color
    }

    /// The name GTK reads for whether to animate.
    static let enableAnimations = "Gtk/EnableAnimations"

    /// Every setting, by name; nil for bytes that break the layout.
    static func parse(_ bytes: [UInt8]) -> [String: Value]? {
        var reader = Reader(bytes: bytes)
        guard let order = reader.byte() else { return nil }
        reader.bigEndian = order == 1
        guard order <= 1, reader.skip(3), reader.card32() != nil, let count = reader.card32() else { return nil }
        var settings: [String: Value] = [:]
        // Each setting takes at least 12 bytes: a count beyond what the bytes can hold is a lie, and ends the loop early.
        for _ in 0..<min(Int(count), bytes.count / 12) {
            guard let type = reader.byte(), reader.skip(1), let length = reader.card16(),
                let name = reader.string(Int(length)),
                reader.skip(padding(length)), reader.card32() != nil
            else { return nil }
            switch type {
            case 0:
                guard let value = reader.card32() else { return nil }
                settings[name] = .integer(Int32(bitPattern: value))
            case 1:
                guard let length = reader.card32(), length <= UInt32(bytes.count),
                    let value = reader.string(Int(length)),
                    reader.skip(padding(length))
                else { return nil }
                settings[name] = .string(value)
            case 2:
                guard reader.skip(8) else { return nil }
                settings[name] = .color
            default:
                return nil
            }
        }
        return settings
    }

    /// What `Gtk/EnableAnimations` says: false for 0, true for another integer; nil when it is absent, not an
    /// integer, or the bytes are not XSETTINGS.
    static func animationsEnabled(in bytes: [UInt8]) -> Bool? {
        guard case let .integer(value)? = parse(bytes)?[enableAnimations] else { return nil }
        return value != 0
    }

    private static func padding(_ length: some BinaryInteger) -> Int { (4 - Int(length) % 4) % 4 }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var bigEndian = false

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func skip(_ count: Int) -> Bool {
            guard count <= bytes.count - offset else { return false }
            offset += count
            return true
        }

        mutating func card16() -> UInt16? { unsigned(2).map(UInt16.init) }

        mutating func card32() -> UInt32? { unsigned(4).map(UInt32.init) }

        mutating func string(_ length: Int) -> String? {
            guard length >= 0, length <= bytes.count - offset else { return nil }
            defer { offset += length }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }

        private mutating func unsigned(_ width: Int) -> UInt64? {
            guard width <= bytes.count - offset else { return nil }
            defer { offset += width }
            let slice = bytes[offset..<offset + width]
            return (bigEndian ? Array(slice) : slice.reversed()).reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}
