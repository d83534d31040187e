import JSONText
public import Gestures

/// The focused window as sway's IPC tells it (issue 31): the tree once (`GET_TREE`), then `window` events — `focus`
/// names the new window, `fullscreen_mode` and `close` change the focused one — and `workspace` events, after which
/// the tree is read again (a workspace with no window takes the focus with no window event). Pure: messages in,
/// the focus and the requests to send out.
public struct SwayFocusTracker {
    /// sway's id of the focused window; nil when none has the focus.
    private var focusedID: Int?
    public private(set) var focus: SessionFocus = .unknown(reason: "sway's IPC has not answered yet")

    public static let source = FocusSource.sway

    public init() {}

    /// What to send once connected: the subscription, then the tree.
    public static let opening = I3IPC.message(I3IPC.subscribe, #"["window","workspace"]"#) + I3IPC.message(I3IPC.getTree, "")

    /// Takes one message: the requests to send in answer, or why the stream is not sway's.
    public mutating func take(_ message: I3IPCFramer.Message) -> Result<[UInt8], FocusSourceError> {
        let json: JSONValue
        do { json = try JSONParser.parse(message.payload) } catch { return .failure(FocusSourceError("a payload that is not JSON: \(error)")) }
        switch message.type {
        case I3IPC.subscribe:
            guard json["success"] == true else { return .failure(FocusSourceError("sway refused the subscription: \(JSONWriter.string(json))")) }
        case I3IPC.getTree:
            let node = Self.focusedNode(in: json)
            take(node.flatMap(Self.isWindow) == true ? node : nil)
        case I3IPC.windowEvent:
            guard let change = json["change"]?.string, let container = json["container"] else { break }
            let id = container["id"]?.integer
            let isFocused = id != nil && id == focusedID
            switch change {
            case "focus": take(container)
            // A title change may come with the app_id a client set late.
            case "fullscreen_mode", "title": if isFocused { take(container) }
            case "close": if isFocused { take(nil) }
            default: break
            }
        case I3IPC.workspaceEvent:
            if json["change"] == "focus" { return .success(I3IPC.message(I3IPC.getTree, "")) }
        default:
            break
        }
        return .success([])
    }

    private mutating func take(_ container: JSONValue?) {
        focusedID = container?["id"]?.integer
        focus = .known(container.map(Self.window), source: Self.source)
    }

    /// A window's names: its `app_id` (Wayland), else X11's instance and class (Xwayland); full screen in either mode.
    static func window(_ container: JSONValue) -> FocusedWindow {
        var names: [String] = []
        if let appID = container["app_id"]?.string, !appID.isEmpty {
            names = [appID]
        } else if let properties = container["window_properties"] {
            names = [properties["instance"]?.string, properties["class"]?.string].compactMap { $0 }.filter { !$0.isEmpty }
        }
        let mode = container["fullscreen_mode"]?.integer ?? 0
        return FocusedWindow(names: names, fullscreen: mode != 0)
    }

    /// Whether a node is a window (a view), not a workspace or an output.
    static func isWindow(_ node: JSONValue) -> Bool {
        node["type"] == "con" || node["type"] == "floating_con"
    }

    /// The node whose `focused` is true, walking `nodes` and `floating_nodes` with an explicit stack: at most one visit
    /// per node of a tree the parser already bounded.
    static func focusedNode(in tree: JSONValue) -> JSONValue? {
        var stack = [tree]
        while let node = stack.popLast() {
            if node["focused"] == true { return node }
            stack += node["nodes"]?.array ?? []
            stack += node["floating_nodes"]?.array ?? []
        }
        return nil
    }
}
