/// When the engine asked for time, as of its last step: every engine step states all three afresh.
package struct EngineDeadlines {
    /// When the engine asked to tick next; nil while nothing moves.
    package var nextFrame: Double?
    /// When the recognizers asked to be advanced (a long press, a `hold`); nil while none waits.
    package var recognizers: Double?
    /// When the first running leg ends (legs change only in steps); nil while none runs. Kept so that the shell paces
    /// frames without copying the engine out to ask it.
    package var nextLegEnd: Double?

    package init(nextFrame: Double? = nil, recognizers: Double? = nil, nextLegEnd: Double? = nil) {
        self.nextFrame = nextFrame
        self.recognizers = recognizers
        self.nextLegEnd = nextLegEnd
    }
}
