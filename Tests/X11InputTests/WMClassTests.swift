import Testing

@testable import X11Input

/// `WM_CLASS` as windows set it: two NUL-terminated strings, instance then class (ICCCM 4.1.2.5).
@Suite struct WMClassTests {
    @Test func instanceThenClass() {
        #expect(X11FocusWatch.classNames(in: Array("Navigator\0firefox\0".utf8)) == ["Navigator", "firefox"])
        #expect(X11FocusWatch.classNames(in: Array("xterm\0XTerm".utf8)) == ["xterm", "XTerm"], "a last NUL left out")
        #expect(X11FocusWatch.classNames(in: Array("\0Only\0".utf8)) == ["Only"], "an empty instance names nothing")
        #expect(X11FocusWatch.classNames(in: []).isEmpty)
        #expect(
            X11FocusWatch.classNames(in: Array("a\0b\0c\0".utf8)) == ["a", "b"], "what follows the class is not a name")
    }

    /// At most two names' worth is read: the rest of a long property is never looked at.
    @Test func aLongPropertyIsCut() {
        let names = X11FocusWatch.classNames(in: [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20))
        #expect(names.count == 1 && names[0].utf8.count == X11FocusWatch.classBytes)
    }
}
