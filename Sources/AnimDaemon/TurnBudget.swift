/// A client's turn (issue 48): at most `linesPerTurn` lines, and no more once `seconds` of work were spent on them (a
/// `daemon.reload` of a large config is one turn alone). A client that pipelines thousands of requests, or of
/// notifications that answer nothing, cannot keep the other clients and the frames waiting behind it: the rest
/// waits in the framer for the client's next turn, after what else the loop has to do. A batch's members count as
/// lines.
struct TurnBudget {
    static let linesPerTurn = 32
    static let seconds = 0.001

    /// When the turn began, on the core's clock.
    let started: Double
    /// Lines and batch members taken so far.
    private(set) var taken = 0
    /// Whether the turn wrote anything (the backlog bound is applied after it).
    var wrote = false

    init(started: Double) { self.started = started }

    mutating func count() { taken += 1 }

    /// Whether the turn may take another line at `now`, if answers may be written and the connection is not closing.
    func goesOn(now: Double, mayWrite: Bool, isClosing: Bool) -> Bool {
        mayWrite && !isClosing && taken < Self.linesPerTurn && now - started < Self.seconds
    }
}
