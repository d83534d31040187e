/// Which of a sequence's touches have moved in the frame under way, and when it began (`TouchSpread`): touches
/// report one at a time, and a frame ends once every touch has moved, once one moves again, or once time moves on.
struct TouchFrame: Sendable {
    private var moved: [Bool]
    private var start = 0.0

    init(touches: Int) { moved = Array(repeating: false, count: touches) }

    /// Touch `index` moved at `time`; whether the frame under way had ended before this move (the touch already moved
    /// in it, or it began more than `gap` seconds ago). Such a move begins the next frame.
    mutating func move(_ index: Int, at time: Double, gap: Double) -> Bool {
        let ended = moved.contains(true) && (moved[index] || time > start + gap)
        if ended { clear() }
        if !moved.contains(true) { start = time }
        moved[index] = true
        return ended
    }

    /// Whether every touch has moved in the frame under way.
    var isWhole: Bool { !moved.contains(false) }

    /// The frame is over: the next move begins the next one.
    mutating func clear() {
        for index in moved.indices { moved[index] = false }
    }
}
