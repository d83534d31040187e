import Testing

@testable import X11Input

/// The XSETTINGS property as the specification lays it out, built here byte by byte, in both byte orders; and bytes
/// that break the layout, which read as nothing rather than trap.
struct XSettingsTests {
    /// One setting: type, pad, name length, name padded to 4, last-change serial, value.
    static func setting(_ type: UInt8, _ name: String, value: [UInt8], bigEndian: Bool) -> [UInt8] {
        let nameBytes = Array(name.utf8)
        return [type, 0] + card16(UInt16(nameBytes.count), bigEndian) + nameBytes + padding(nameBytes.count)
            + card32(7, bigEndian) + value
    }

    static func property(_ settings: [[UInt8]], bigEndian: Bool, count: UInt32? = nil) -> [UInt8] {
        [bigEndian ? 1 : 0, 0, 0, 0] + card32(42, bigEndian) + card32(count ?? UInt32(settings.count), bigEndian)
            + settings.flatMap { $0 }
    }

    static func card16(_ value: UInt16, _ big: Bool) -> [UInt8] {
        let bytes = [UInt8(value & 0xff), UInt8(value >> 8)]
        return big ? bytes.reversed() : bytes
    }

    static func card32(_ value: UInt32, _ big: Bool) -> [UInt8] {
        let bytes = (0..<4).map { UInt8((value >> (8 * $0)) & 0xff) }
        return big ? bytes.reversed() : bytes
    }

    static func padding(_ length: Int) -> [UInt8] { Array(repeating: 0, count: (4 - length % 4) % 4) }

    @Test(arguments: [false, true]) func readsEveryKindOfSetting(bigEndian: Bool) {
        let theme = Array("Adwaita".utf8)
        let bytes = Self.property(
            [
                Self.setting(
                    1, "Net/ThemeName",
                    value: Self.card32(UInt32(theme.count), bigEndian) + theme + Self.padding(theme.count),
                    bigEndian: bigEndian),
                Self.setting(2, "Gtk/Color", value: Array(repeating: 1, count: 8), bigEndian: bigEndian),
                Self.setting(0, "Gtk/EnableAnimations", value: Self.card32(0, bigEndian), bigEndian: bigEndian),
            ], bigEndian: bigEndian)
        #expect(
            XSettings.parse(bytes) == [
                "Net/ThemeName": .string("Adwaita"), "Gtk/Color": .color, "Gtk/EnableAnimations": .integer(0),
            ])
        #expect(XSettings.animationsEnabled(in: bytes) == false)
        let on = Self.property(
            [Self.setting(0, "Gtk/EnableAnimations", value: Self.card32(1, bigEndian), bigEndian: bigEndian)],
            bigEndian: bigEndian)
        #expect(XSettings.animationsEnabled(in: on) == true)
    }

    @Test func absentOrBrokenReadsAsNothing() {
        let one = Self.setting(0, "Gtk/EnableAnimations", value: Self.card32(0, false), bigEndian: false)
        #expect(XSettings.animationsEnabled(in: Self.property([], bigEndian: false)) == nil, "no such setting")
        #expect(XSettings.parse([]) == nil)
        #expect(
            XSettings.parse([2, 0, 0, 0] + Self.card32(1, false) + Self.card32(0, false)) == nil, "no such byte order")
        let whole = Self.property([one], bigEndian: false)
        for cut in [5, 12, 20, whole.count - 1] {
            #expect(XSettings.parse(Array(whole.prefix(cut))) == nil, "cut at \(cut)")
        }
        // A count far beyond what the bytes hold is bounded by them.
        #expect(XSettings.parse(Self.property([one], bigEndian: false, count: .max)) == nil)
        let hugeName = [0, 0] + Self.card16(.max, false) + [UInt8](repeating: 65, count: 8)
        #expect(XSettings.parse(Self.property([hugeName], bigEndian: false)) == nil)
        #expect(
            XSettings.parse(
                Self.property(
                    [[9, 0] + Self.card16(1, false) + [65, 0, 0, 0] + Self.card32(0, false)], bigEndian: false)) == nil,
            "no such type")
    }
}
