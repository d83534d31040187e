/// Config fragments the tests of gestures that run commands share (issue 61).
public enum CommandConfigs {
    /// `[bindings.next]`: three fingers swiping left on the touchpad run `run` (a TOML array, as written), the
    /// everyday job of gesture tools (a workspace change).
    public static func threeFingerSwipeLeft(run: String) -> String {
        """
        [bindings.next]
        gesture = "pan"
        sources = ["touchpad"]
        min-touches = 3
        max-touches = 3
        direction = "left"
        run = \(run)

        """
    }
}
