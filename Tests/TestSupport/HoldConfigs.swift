/// Config fragments the hold and long-press tests share, laid over the default config.
public enum HoldConfigs {
    /// A long press on the bottom edge that opens the launcher, filling as the touch is held.
    public static let launcherPress = """
        [bindings.launcher-press]
        transition = "launcher"
        gesture = "long-press"
        edge = "bottom"
        to = 1
        fill = true

        """
}
