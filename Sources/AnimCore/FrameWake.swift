/// When the engine wants the frame timer to fire, as of the machine's last step (`CoreEffect.paceFrames`). The
/// shell folds in the frames its subscribers' rates hold back, which it keeps (`FrameScheduler`), and arms the one
/// timer.
package struct FrameWake: Hashable {
    /// When the engine must next be stepped; nil while nothing animates and no recognizer waits.
    package var engine: Double?
    /// Whether frames are made on the engine's grid anyway: then a held frame goes out with the next fresh one, so
    /// that its time keeps the rate, rather than by a timer of its own.
    package var carriesHeldFrames: Bool

    /// The timer is not wanted for the engine.
    package static let idle = FrameWake(engine: nil, carriesHeldFrames: false)

    package init(engine: Double?, carriesHeldFrames: Bool) {
        self.engine = engine
        self.carriesHeldFrames = carriesHeldFrames
    }

    /// At the engine's next frame while someone takes the frames of running legs; else only when the first leg ends
    /// (its last frame and `ended`), for clients with `frames: "driven"` evaluate running legs themselves, and a frame
    /// nobody reads is work for nothing; never before the next frame. And whenever a recognizer's deadline comes (a
    /// finger resting for a long press or a `hold`), whether or not anything animates.
    package init(deadlines: EngineDeadlines, framesWanted: Bool) {
        let frames = deadlines.nextFrame.map { nextFrame in
            framesWanted ? nextFrame : max(deadlines.nextLegEnd ?? nextFrame, nextFrame)
        }
        let engine =
            switch (frames, deadlines.recognizers) {
            case let (frames?, recognizers?): min(frames, recognizers)
            case let (frames, recognizers): frames ?? recognizers
            }
        self.init(engine: engine, carriesHeldFrames: framesWanted && deadlines.nextFrame != nil)
    }
}
