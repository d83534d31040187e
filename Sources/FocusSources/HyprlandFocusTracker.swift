public import Gestures
import JSONText

/// The focused window as Hyprland tells it (issue 31): its request socket answers `j/activewindow` once, as JSON,
/// and its event socket (`.socket2.sock`) then sends a line per event, `EVENT>>DATA`: `activewindow>>CLASS,TITLE`
/// (an empty class when no window has the focus) and `fullscreen>>0|1`. Pure: bytes in, the focus out.
public struct HyprlandFocusTracker {
    /// The start of a line whose newline has not come yet: it holds none, so only what a read adds is scanned.
    private var partial: [UInt8] = []
    public private(set) var focus: SessionFocus = .unknown(reason: "Hyprland's event socket has not answered yet")

    public static let source = FocusSource.hyprland
    /// The longest event line taken: a class and a title.
    public static let lineLimit = 64 << 10
    /// What the request socket is asked, once, for the focus at the start.
    public static let activeWindowRequest = Array("j/activewindow".utf8)

    public init() {}

    /// The answer to `j/activewindow`: an object with `class` and `fullscreen` (a number in newer releases, a
    /// boolean before), or `{}` when no window has the focus.
    public mutating func takeActiveWindow(_ answer: [UInt8]) -> Result<Void, FocusSourceError> {
        let json: JSONValue
        do { json = try JSONParser.parse(answer) } catch {
            return .failure(FocusSourceError("an answer that is not JSON: \(error)"))
        }
        guard json.objectMembers != nil else { return .failure(FocusSourceError("an answer that is not an object")) }
        guard let name = json["class"]?.string, !name.isEmpty else {
            focus = .known(nil, source: Self.source)
            return .success(())
        }
        let fullscreen = json["fullscreen"]?.bool ?? ((json["fullscreen"]?.number ?? 0) != 0)
        focus = .known(FocusedWindow(names: [name], fullscreen: fullscreen), source: Self.source)
        return .success(())
    }

    /// Bytes from the event socket; whether the focus changed, or why the stream is not Hyprland's. Each byte is
    /// looked at once for a newline, however the reads cut the lines.
    public mutating func read(_ bytes: some Collection<UInt8>) -> Result<Bool, FocusSourceError> {
        // What was kept holds no newline: a line that comes a byte at a time is scanned once, not from its start at
        // every read.
        let scanned = partial.count
        partial.append(contentsOf: bytes)
        let before = focus
        var start = 0
        let tooLong = FocusSourceError("a line longer than \(Self.lineLimit >> 10) KiB")
        while let newline = partial[max(start, scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
            guard newline - start <= Self.lineLimit else { return .failure(tooLong) }
            event(partial[start..<newline])
            start = newline + 1
        }
        partial.removeFirst(start)
        guard partial.count <= Self.lineLimit else { return .failure(tooLong) }
        return .success(focus != before)
    }

    private mutating func event(_ line: ArraySlice<UInt8>) {
        let arrow = UInt8(ascii: ">")
        guard let separator = line.indices.dropLast().first(where: { line[$0] == arrow && line[$0 + 1] == arrow })
        else { return }
        let name = String(decoding: line[..<separator], as: UTF8.self)
        let data = line[(separator + 2)...]
        switch name {
        case "activewindow":
            let windowClass = String(decoding: data.prefix { $0 != UInt8(ascii: ",") }, as: UTF8.self)
            focus = .known(
                windowClass.isEmpty ? nil : FocusedWindow(names: [windowClass], fullscreen: false), source: Self.source)
        case "fullscreen":
            guard var window = focus.window else { return }
            window.fullscreen = !data.elementsEqual([UInt8(ascii: "0")])
            focus = .known(window, source: Self.source)
        default:
            return
        }
    }
}
