/// Whether animd follows the desktop's reduced-motion switch or a manual setting (`[daemon] motion`, `animctl motion`).
public enum MotionSetting: String, Hashable, Sendable, CaseIterable {
    /// Follow the desktop: reduced when any source it reads says so.
    case auto
    /// Full motion, whatever the desktop says.
    case full
    /// Reduced motion, whatever the desktop says (Xfce and LXQt have no switch of their own).
    case reduced
}
