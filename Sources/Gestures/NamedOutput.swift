/// A monitor as the display server names it (a RandR monitor on X11, a Wayland output under libinput), so that
/// people and widgets can say which one they mean (`animctl hello`, a panel's `--output`).
public struct NamedOutput: Hashable, Sendable {
    public var name: String
    /// Where it lies, in the screen's pixels (the compositor's logical space under Wayland).
    public var rect: Rect
    /// wl_output's transform, 0…7: the content turned by 90° × (transform mod 4), and flipped from 4 on. Always 0 on
    /// X11, where RandR's rotation is already in the rectangle.
    public var transform: Int

    public init(name: String, rect: Rect, transform: Int = 0) {
        self.name = name; self.rect = rect; self.transform = (0...7).contains(transform) ? transform : 0
    }

    /// Degrees, as wl_output names its transforms (`WL_OUTPUT_TRANSFORM_270` is 270).
    public var rotation: Int { transform % 4 * 90 }
    public var flipped: Bool { transform >= 4 }

    /// "HEADLESS-2 800×1280+1600+0 rotated 270°": the size and place as xrandr writes them, then how it is turned.
    public var description: String {
        var text = "\(name) \(Int(rect.width))×\(Int(rect.height))+\(Int(rect.x))+\(Int(rect.y))"
        if flipped { text += " flipped" }
        if rotation != 0 { text += (flipped ? " and" : "") + " rotated \(rotation)°" }
        return text
    }
}
