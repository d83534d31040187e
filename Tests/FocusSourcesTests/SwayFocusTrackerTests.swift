import AnimProtocol
import Gestures
import Testing

@testable import FocusSources

/// sway's IPC as i3's documentation lays it out (i3wm.org/docs/ipc.html, sway-ipc(7)): frames cut anywhere, the
/// tree walked for the focused node, and window events applied to it.
@Suite struct SwayFocusTrackerTests {
    /// A frame built byte by byte from the documented layout: magic, length and type in the host's order, payload.
    static func frame(_ type: UInt32, _ payload: String) -> [UInt8] {
        let body = Array(payload.utf8)
        return Array("i3-ipc".utf8) + withUnsafeBytes(of: UInt32(body.count)) { Array($0) }
            + withUnsafeBytes(of: type) { Array($0) } + body
    }

    @Test func framesAreCutWhereverReadsEnd() throws {
        let stream = Self.frame(2, #"{"success":true}"#) + Self.frame(0x8000_0003, #"{"change":"focus"}"#)
        #expect(
            I3IPC.message(2, #"{"success":true}"#) == Array(stream.prefix(14 + 16)),
            "what animd writes is the documented layout")
        for cut in [1, 5, 14, 15, 29, 30, 31, stream.count - 1] {
            var framer = I3IPCFramer()
            let messages = try framer.frames(from: stream[..<cut]).get() + framer.frames(from: stream[cut...]).get()
            #expect(messages.map(\.type) == [2, 0x8000_0003], "cut at \(cut)")
            #expect(messages.last?.payload == Array(#"{"change":"focus"}"#.utf8))
        }
    }

    @Test func aStreamThatIsNotI3IPCIsRefused() {
        var framer = I3IPCFramer()
        #expect(throws: FocusSourceError.self) { try framer.frames(from: Array("HTTP/1.1 200 OK\r\n".utf8)).get() }
        var big = I3IPCFramer()
        let header =
            Array("i3-ipc".utf8) + withUnsafeBytes(of: UInt32(I3IPC.payloadLimit + 1)) { Array($0) } + [4, 0, 0, 0]
        #expect(throws: FocusSourceError.self) { try big.frames(from: header).get() }
    }

    /// A tree as sway sends it: root → output → workspace → windows, one of them floating and focused.
    static let tree = """
        {"id":1,"type":"root","focused":false,"nodes":[{"id":3,"type":"output","focused":false,"nodes":[
          {"id":4,"type":"workspace","focused":false,"nodes":[
            {"id":7,"type":"con","focused":false,"app_id":"foot","fullscreen_mode":0,"nodes":[]}],
           "floating_nodes":[{"id":9,"type":"floating_con","focused":true,"app_id":null,"fullscreen_mode":1,
             "window_properties":{"class":"Steam","instance":"steamwebhelper"},"nodes":[]}]}]}]}
        """

    static func read(_ tracker: inout SwayFocusTracker, _ type: UInt32, _ payload: String) throws -> [UInt8] {
        try tracker.read(I3IPCFramer.Message(type: type, payload: Array(payload.utf8))).get()
    }

    @Test func theTreeGivesTheFocusedWindow() throws {
        var tracker = SwayFocusTracker()
        #expect(try Self.read(&tracker, I3IPC.subscribe, #"{"success":true}"#).isEmpty)
        _ = try Self.read(&tracker, I3IPC.getTree, Self.tree)
        #expect(
            tracker.focus
                == .known(FocusedWindow(names: ["steamwebhelper", "Steam"], fullscreen: true), source: .sway),
            "an Xwayland window: instance and class; fullscreen_mode 1 is full screen")
        _ = try Self.read(&tracker, I3IPC.getTree, Self.tree.replacingFocus())
        #expect(tracker.focus == .known(nil, source: .sway), "the workspace has the focus: no window")
    }

    @Test func windowEventsMoveTheFocus() throws {
        var tracker = SwayFocusTracker()
        _ = try Self.read(
            &tracker, I3IPC.windowEvent, #"{"change":"focus","container":{"id":7,"app_id":"foot","fullscreen_mode":0}}"#
        )
        #expect(tracker.focus.window == FocusedWindow(names: ["foot"], fullscreen: false))
        _ = try Self.read(
            &tracker, I3IPC.windowEvent,
            #"{"change":"fullscreen_mode","container":{"id":8,"app_id":"mpv","fullscreen_mode":2}}"#)
        #expect(tracker.focus.window?.fullscreen == false, "another window's full screen changes nothing")
        _ = try Self.read(
            &tracker, I3IPC.windowEvent,
            #"{"change":"fullscreen_mode","container":{"id":7,"app_id":"foot","fullscreen_mode":2}}"#)
        #expect(tracker.focus.window?.fullscreen == true)
        _ = try Self.read(&tracker, I3IPC.windowEvent, #"{"change":"close","container":{"id":8,"app_id":"mpv"}}"#)
        #expect(tracker.focus.window?.app == "foot", "another window closing changes nothing")
        _ = try Self.read(&tracker, I3IPC.windowEvent, #"{"change":"close","container":{"id":7,"app_id":"foot"}}"#)
        #expect(tracker.focus == .known(nil, source: .sway))
        let answer = try Self.read(&tracker, I3IPC.workspaceEvent, #"{"change":"focus","current":{"id":4}}"#)
        #expect(answer == I3IPC.message(I3IPC.getTree, ""), "a workspace taking the focus reads the tree again")
    }

    /// An event is a window's or a workspace's container, a reply may be the whole tree: each has its own bound, read
    /// from the header, before the payload is gathered (issue 48: valid 8 MiB trees, again and again, held the loop).
    @Test func eventsAndRepliesHaveTheirOwnBounds() throws {
        func header(_ length: Int, _ type: UInt32) -> [UInt8] {
            Array("i3-ipc".utf8) + withUnsafeBytes(of: UInt32(length)) { Array($0) }
                + withUnsafeBytes(of: type) { Array($0) }
        }
        var reply = I3IPCFramer()
        #expect(
            try reply.frames(from: header(256 << 10 + 1, I3IPC.getTree)).get().isEmpty,
            "a tree past the event bound is still a tree")
        var event = I3IPCFramer()
        #expect(throws: FocusSourceError("an event of 262145 bytes, past the 256 KiB bound")) {
            try event.frames(from: header(256 << 10 + 1, I3IPC.windowEvent)).get()
        }
        var tree = I3IPCFramer()
        #expect(throws: FocusSourceError("a reply of 2097153 bytes, past the 2 MiB bound")) {
            try tree.frames(from: header(2 << 20 + 1, I3IPC.getTree)).get()
        }
    }

    /// At most one `GET_TREE` is asked at a time: workspace events while one is asked make it stale, and one more is
    /// asked when it comes (issue 48: a peer that never read had a request queued for each of its events).
    @Test func treesAreAskedOneAtATime() throws {
        var tracker = SwayFocusTracker()
        let getTree = I3IPC.message(I3IPC.getTree, "")
        #expect(tracker.opening() == I3IPC.message(I3IPC.subscribe, #"["window","workspace"]"#) + getTree)
        var asked = 0
        for _ in 0..<1000 { asked += try Self.read(&tracker, I3IPC.workspaceEvent, #"{"change":"focus"}"#).count }
        #expect(asked == 0, "the opening's tree is still asked for")
        #expect(try Self.read(&tracker, I3IPC.getTree, Self.tree) == getTree, "it came stale: once more")
        #expect(tracker.focus.window?.app == "Steam", "a stale tree still says the focus")
        #expect(try Self.read(&tracker, I3IPC.getTree, Self.tree).isEmpty, "up to date: nothing more")
        #expect(
            try Self.read(&tracker, I3IPC.workspaceEvent, #"{"change":"focus"}"#) == getTree,
            "none asked: asked at once")
    }

    @Test func aRefusalOrAPayloadThatIsNotJSONIsAnError() {
        var tracker = SwayFocusTracker()
        #expect(throws: FocusSourceError.self) { try Self.read(&tracker, I3IPC.subscribe, #"{"success":false}"#) }
        #expect(throws: FocusSourceError.self) { try Self.read(&tracker, I3IPC.getTree, "{not json") }
    }
}

extension String {
    /// The tree with the focus on the workspace instead of the floating window.
    fileprivate func replacingFocus() -> String {
        var text = self
        if let window = text.firstRange(of: #""id":9,"type":"floating_con","focused":true"#) {
            text.replaceSubrange(window, with: #""id":9,"type":"floating_con","focused":false"#)
        }
        if let workspace = text.firstRange(of: #""type":"workspace","focused":false"#) {
            text.replaceSubrange(workspace, with: #""type":"workspace","focused":true"#)
        }
        return text
    }
}
