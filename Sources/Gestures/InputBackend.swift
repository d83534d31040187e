/// A source of input events for the engine: X11 today, libinput later
/// (design/ROADMAP.md). The daemon starts and stops it, tells it what to
/// intercept, and answers its touch ownership; events come out through the
/// callback the backend was made with, on the backend's own thread.
public protocol InputBackend: Sendable {
    func start()
    func stop()
    /// What to intercept from now on; takes effect at once, without blocking.
    func configure(_ plan: InputPlan)
    /// The arena's claims and releases for the touches this backend reported; never blocks.
    func decide(_ decisions: [ArenaOutput])
}
