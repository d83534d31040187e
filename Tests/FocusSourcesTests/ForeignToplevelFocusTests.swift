import Gestures
import Testing

@testable import FocusSources

/// wlr-foreign-toplevel-management's rules, as its XML states them: changes are pending until `done`; `activated`
/// (2) is the focus and `fullscreen` (3) full screen; a `closed` handle is gone.
@Suite struct ForeignToplevelFocusTests {
    @Test func doneAppliesWhatCameBefore() {
        var table = ForeignToplevelFocus()
        table.add(1)
        #expect(table.update(1, .appID("foot")) == false)
        #expect(table.update(1, .state([2])) == false, "nothing applies before done")
        #expect(table.focus == .known(nil, source: .foreignToplevel))
        #expect(table.update(1, .done) == true)
        #expect(table.focus == .known(FocusedWindow(names: ["foot"], fullscreen: false), source: .foreignToplevel))
    }

    @Test func theFocusMovesAndEnds() {
        var table = ForeignToplevelFocus()
        for id: UInt32 in [1, 2] { table.add(id) }
        _ = table.update(1, .appID("foot")); _ = table.update(1, .state([2])); _ = table.update(1, .done)
        _ = table.update(2, .appID("mpv")); _ = table.update(2, .state([])); _ = table.update(2, .done)
        #expect(table.focus.window?.app == "foot")
        // The compositor moves the focus: the newly activated one's done may come before the other's.
        _ = table.update(2, .state([2, 3])); _ = table.update(2, .done)
        #expect(table.focus.window == FocusedWindow(names: ["mpv"], fullscreen: true))
        _ = table.update(1, .state([])); _ = table.update(1, .done)
        #expect(table.focus.window?.app == "mpv", "the other losing activation leaves the focus where it is")
        #expect(table.update(2, .closed) == true)
        #expect(table.focus == .known(nil, source: .foreignToplevel))
        #expect(table.update(2, .state([2])) == false, "a closed handle says nothing more")
    }

    @Test func hostileCompositorsAreBounded() {
        var table = ForeignToplevelFocus()
        for id in 0..<UInt32(ForeignToplevelFocus.limit + 10) { table.add(id) }
        #expect(!table.hasRoom)
        #expect(
            table.update(UInt32(ForeignToplevelFocus.limit + 5), .done) == false, "one past the limit is not followed")
        _ = table.update(7, .state([UInt32](repeating: 0, count: 100_000) + [2]))
        _ = table.update(7, .done)
        #expect(table.focus.window == nil, "only the first 16 states are read")
    }
}
