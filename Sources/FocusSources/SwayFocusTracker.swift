public import Gestures
import JSONText
import TextWriting

/// The focused window as sway's IPC tells it (issue 31): the tree once (`GET_TREE`), then `window` events — `focus`
/// names the new window, `fullscreen_mode` and `close` change the focused one — and `workspace` events, after which
/// the tree is read again (a workspace with no window takes the focus with no window event). At most one
/// `GET_TREE` is asked at a time: workspace events that come while one is asked make it stale, and one more is asked
/// when it comes, so a peer that sends events and never reads gets one request, not one per event. Pure: messages
/// in, the focus and the requests to send out.
public struct SwayFocusTracker {
    /// sway's id of the focused window; nil when none has the focus.
    private var focusedID: Int?
    /// A `GET_TREE` was sent and its answer has not come.
    private var treeAsked = false
    /// A workspace took the focus after the tree now asked for was asked: ask again when it comes.
    private var treeStale = false
    public private(set) var focus: SessionFocus = .unknown(reason: "sway's IPC has not answered yet")

    public static let source = FocusSource.sway

    public init() {}

    /// What to send once connected: the subscription, then the tree.
    public mutating func opening() -> [UInt8] {
        I3IPC.message(I3IPC.subscribe, #"["window","workspace"]"#) + askForTree()
    }

    /// A `GET_TREE` to send, or nothing while one is asked (it is then asked again when the answer comes).
    private mutating func askForTree() -> [UInt8] {
        guard !treeAsked else {
            treeStale = true
            return []
        }
        treeAsked = true
        return I3IPC.message(I3IPC.getTree, "")
    }

    /// Takes one message: the requests to send in answer, or why the stream is not sway's. The payload is read in
    /// place (`JSONElement` over the parser's tape), never built into a tree: a reply may be the whole desktop's
    /// tree, and it is read on the event loop.
    public mutating func read(_ message: I3IPCFramer.Message) -> Result<[UInt8], FocusSourceError> {
        var answer: Result<[UInt8], FocusSourceError> = .success([])
        let error = message.payload.withUnsafeBufferPointer { bytes in
            JSONParser.read(bytes) { json in answer = readReply(json, type: message.type) }
        }
        if let error { return .failure(FocusSourceError("a payload that is not JSON: \(error)")) }
        return answer
    }

    private mutating func readReply(_ json: JSONElement, type: UInt32) -> Result<[UInt8], FocusSourceError> {
        switch type {
        case I3IPC.subscribe:
            guard json["success"]?.bool == true else {
                return .failure(
                    FocusSourceError(
                        "sway refused the subscription: \(excerpt(JSONWriter.string(json.value), bytes: 200))"))
            }
        case I3IPC.getTree:
            let node = Self.focusedNode(in: json)
            focus(on: node.flatMap { Self.isWindow($0) ? $0 : nil })
            treeAsked = false
            if treeStale {
                treeStale = false
                return .success(askForTree())
            }
        case I3IPC.windowEvent:
            guard let change = json["change"]?.string, let container = json["container"] else { break }
            let id = Self.id(of: container)
            let isFocused = id != nil && id == focusedID
            switch change {
            case "focus": focus(on: container)
            // A title change may come with the app_id a client set late.
            case "fullscreen_mode", "title": if isFocused { focus(on: container) }
            case "close": if isFocused { focus(on: nil) }
            default: break
            }
        case I3IPC.workspaceEvent:
            if json["change"]?.string == "focus" { return .success(askForTree()) }
        default:
            break
        }
        return .success([])
    }

    private mutating func focus(on container: JSONElement?) {
        focusedID = container.flatMap(Self.id)
        focus = .known(container.map(Self.window), source: Self.source)
    }

    /// sway's id of a node.
    static func id(of node: JSONElement) -> Int? { node["id"]?.number.flatMap(JSONValue.wholeNumber) }

    /// A window's names: its `app_id` (Wayland), else X11's instance and class (Xwayland); full screen in either mode.
    static func window(_ container: JSONElement) -> FocusedWindow {
        var names: [String] = []
        if let appID = container["app_id"]?.string, !appID.isEmpty {
            names = [appID]
        } else if let properties = container["window_properties"] {
            names = [properties["instance"]?.string, properties["class"]?.string].compactMap { $0 }.filter {
                !$0.isEmpty
            }
        }
        let mode = container["fullscreen_mode"]?.number.flatMap(JSONValue.wholeNumber) ?? 0
        return FocusedWindow(names: names, fullscreen: mode != 0)
    }

    /// Whether a node is a window (a view), not a workspace or an output.
    static func isWindow(_ node: JSONElement) -> Bool {
        let type = node["type"]?.string
        return type == "con" || type == "floating_con"
    }

    /// The node whose `focused` is true, walking `nodes` and `floating_nodes` with an explicit stack: at most one visit
    /// per node of a tree the parser already bounded.
    static func focusedNode(in tree: JSONElement) -> JSONElement? {
        var stack = [tree]
        while let node = stack.popLast() {
            if node["focused"]?.bool == true { return node }
            if let nodes = node["nodes"]?.array { stack.append(contentsOf: nodes) }
            if let floating = node["floating_nodes"]?.array { stack.append(contentsOf: floating) }
        }
        return nil
    }
}
