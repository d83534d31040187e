/// The bounds of a leg, one place for the engine, the config and the protocol (docs/reliability.md).
public enum LegLimits {
    /// Progress units per second a leg may start with, whatever a finger or a client handed over.
    public static let velocity = -1000.0...1000.0
    /// Seconds a cubic leg may take.
    public static let duration = 0.001...60.0
}
