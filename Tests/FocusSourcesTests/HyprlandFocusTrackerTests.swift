import Gestures
import Testing

@testable import FocusSources

/// Hyprland's event lines as its wiki documents them (wiki.hyprland.org, IPC): `activewindow>>CLASS,TITLE`,
/// `fullscreen>>0|1`, other events ignored, lines cut anywhere.
@Suite struct HyprlandFocusTrackerTests {
    @Test func theAnswerAtTheStart() throws {
        var tracker = HyprlandFocusTracker()
        try tracker.takeActiveWindow(Array(#"{"address":"0x5","class":"kitty","title":"~","fullscreen":2}"#.utf8)).get()
        #expect(
            tracker.focus == .known(FocusedWindow(names: ["kitty"], fullscreen: true), source: .hyprland),
            "fullscreen as a number")
        try tracker.takeActiveWindow(Array(#"{"class":"mpv","fullscreen":false}"#.utf8)).get()
        #expect(
            tracker.focus.window == FocusedWindow(names: ["mpv"], fullscreen: false),
            "fullscreen as a boolean, before 0.33")
        try tracker.takeActiveWindow(Array("{}".utf8)).get()
        #expect(tracker.focus == .known(nil, source: .hyprland))
        #expect(throws: FocusSourceError.self) { try tracker.takeActiveWindow(Array("[]".utf8)).get() }
        #expect(throws: FocusSourceError.self) { try tracker.takeActiveWindow(Array("ok".utf8)).get() }
    }

    @Test func linesCutAnywhere() throws {
        let stream = Array(
            "workspace>>2\nactivewindow>>firefox,Hyprland, the wiki\nactivewindowv2>>5e1a\nfullscreen>>1\n".utf8)
        for cut in [0, 3, 13, 20, 60, stream.count - 1] {
            var tracker = HyprlandFocusTracker()
            _ = try tracker.read(stream[..<cut]).get()
            _ = try tracker.read(stream[cut...]).get()
            #expect(
                tracker.focus == .known(FocusedWindow(names: ["firefox"], fullscreen: true), source: .hyprland),
                "cut at \(cut)")
        }
    }

    /// A long line that comes a byte at a time, with lines before and after it in the same reads, is read as sent:
    /// what was scanned for its end is not scanned again (issue 48: a 60 KB line then a byte every 2 ms held a core).
    @Test func aLineThatComesAByteAtATime() throws {
        let title = String(repeating: "t", count: 60_000)
        let stream = Array(
            "activewindow>>foot,~\nactivewindow>>mpv,\(title)\nfullscreen>>1\nactivewindow>>kitty,~".utf8)
        var tracker = HyprlandFocusTracker()
        var changes = 0
        for byte in stream where try tracker.read(CollectionOfOne(byte)).get() { changes += 1 }
        #expect(
            tracker.focus == .known(FocusedWindow(names: ["mpv"], fullscreen: true), source: .hyprland),
            "the last line has no end yet")
        #expect(changes == 3, "foot, mpv, mpv full screen")
        #expect(try tracker.read(Array("\n".utf8)).get() && tracker.focus.window?.app == "kitty")
    }

    @Test func noWindowAndChangesOnlyWhenTheyAre() throws {
        var tracker = HyprlandFocusTracker()
        #expect(try tracker.read(Array("activewindow>>foot,~\n".utf8)).get() == true)
        #expect(
            try tracker.read(Array("activewindow>>foot,~/src\n".utf8)).get() == false, "a new title is no new focus")
        #expect(try tracker.read(Array("fullscreen>>0\n".utf8)).get() == false)
        #expect(try tracker.read(Array("activewindow>>,\n".utf8)).get() == true)
        #expect(tracker.focus == .known(nil, source: .hyprland))
        #expect(try tracker.read(Array("fullscreen>>1\n".utf8)).get() == false, "no window to be full screen")
    }

    @Test func anEndlessLineIsRefused() {
        var tracker = HyprlandFocusTracker()
        #expect(throws: FocusSourceError.self) {
            try tracker.read([UInt8](repeating: 0x78, count: HyprlandFocusTracker.lineLimit + 1)).get()
        }
        var whole = HyprlandFocusTracker()
        #expect(throws: FocusSourceError.self) {
            try whole.read([UInt8](repeating: 0x78, count: HyprlandFocusTracker.lineLimit + 1) + [0x0A]).get()
        }
    }
}
