import Testing
import TouchRelay

/// The gate, driven frame by frame with a manual clock: every twin frame and every report is asserted.
struct TouchGateTests {
    /// A left-edge zone 40 units wide on a 4096-unit glass, three fingers for a pinch, a hold of 150 ms.
    private let rules = GateRules(
        zones: [DeviceRect(minX: 0, minY: 0, maxX: 40, maxY: 4096)], fingers: 3, holdLimit: 0.15)
    private func point(_ x: Int32, _ y: Int32) -> DevicePoint { DevicePoint(x: x, y: y) }

    /// A tap mid-glass reaches the twin in the frame it came in, and its lift in the next.
    @Test func aTouchNoRuleHoldsPassesAtOnce() {
        var gate = TouchGate(rules: rules, twinSlots: 5)
        #expect(
            gate.route([.down(slot: 0, at: point(2000, 2000))], at: 1)
                == GateOutput(
                    twinFrames: [[.down(slot: 0, at: point(2000, 2000))]],
                    reports: [.down(id: 1, at: point(2000, 2000), held: false), .frame(time: 1)]))
        #expect(
            gate.route([.up(slot: 0)], at: 1.01)
                == GateOutput(twinFrames: [[.up(slot: 0)]], reports: [.up(id: 1), .frame(time: 1.01)]))
        #expect(gate.isIdle && gate.deadline == nil)
    }

    /// A touch in the edge zone that animd claims never reaches the twin.
    @Test func aClaimedEdgeTouchNeverReachesTheTwin() {
        var gate = TouchGate(rules: rules, twinSlots: 5)
        #expect(gate.route([.down(slot: 0, at: point(5, 2000))], at: 1).twinFrames == [])
        #expect(gate.deadline == 1.15)
        #expect(gate.route([.move(slot: 0, to: point(300, 2000))], at: 1.01).twinFrames == [])
        #expect(gate.claim(1) == GateOutput())
        #expect(gate.deadline == nil)
        #expect(gate.expire(at: 5) == GateOutput())
        #expect(gate.route([.up(slot: 0)], at: 1.2) == GateOutput(reports: [.up(id: 1), .frame(time: 1.2)]))
        #expect(gate.isIdle)
    }

    /// A held touch that animd passes is replayed whole: its first position, then where it is, each a frame.
    @Test func aPassedHeldTouchIsReplayedWhole() {
        var gate = TouchGate(rules: rules, twinSlots: 5)
        _ = gate.route([.down(slot: 0, at: point(5, 2000))], at: 1)
        _ = gate.route([.move(slot: 0, to: point(8, 2500))], at: 1.01)
        #expect(
            gate.pass(1)
                == GateOutput(twinFrames: [[.down(slot: 0, at: point(5, 2000))], [.move(slot: 0, to: point(8, 2500))]]))
        #expect(
            gate.route([.move(slot: 0, to: point(9, 2600))], at: 1.02).twinFrames == [
                [.move(slot: 0, to: point(9, 2600))]
            ])
        #expect(gate.route([.up(slot: 0)], at: 1.03).twinFrames == [[.up(slot: 0)]])
    }

    /// A held touch that ended before animd passed it is replayed with its lift.
    @Test func aTapInTheZoneIsReplayedWithItsLift() {
        var gate = TouchGate(rules: rules, twinSlots: 5)
        _ = gate.route([.down(slot: 0, at: point(5, 2000))], at: 1)
        #expect(gate.route([.up(slot: 0)], at: 1.05) == GateOutput(reports: [.up(id: 1), .frame(time: 1.05)]))
        #expect(!gate.isIdle)
        #expect(gate.pass(1) == GateOutput(twinFrames: [[.down(slot: 0, at: point(5, 2000))], [.up(slot: 0)]]))
        #expect(gate.isIdle)
    }

    /// A touch undecided past the hold limit goes to the twin unasked, and animd is told.
    @Test func aHeldTouchRunsOutAtTheLimit() {
        var gate = TouchGate(rules: rules, twinSlots: 5)
        _ = gate.route([.down(slot: 0, at: point(5, 2000))], at: 1)
        #expect(gate.expire(at: 1.149) == GateOutput())
        #expect(
            gate.expire(at: 1.15)
                == GateOutput(twinFrames: [[.down(slot: 0, at: point(5, 2000))]], reports: [.expired(id: 1)]))
        #expect(gate.deadline == nil)
        #expect(
            gate.claim(1) == GateOutput(twinFrames: [[.cancel(slot: 0)]]),
            "claimed after all: the twin's touch is cancelled")
        #expect(gate.route([.up(slot: 0)], at: 1.3).twinFrames == [])
    }

    /// Two fingers, one held in the zone and one mid-glass: the other one reaches the twin alone, in twin slot 0
    /// although it is the device's slot 1.
    @Test func theOtherFingerPassesAloneInItsOwnSlot() {
        var gate = TouchGate(rules: rules, twinSlots: 5)
        _ = gate.route([.down(slot: 0, at: point(5, 2000))], at: 1)
        #expect(
            gate.route([.down(slot: 1, at: point(2000, 1000))], at: 1.01).twinFrames == [
                [.down(slot: 0, at: point(2000, 1000))]
            ])
        _ = gate.claim(1)
        #expect(
            gate.route([.move(slot: 0, to: point(400, 2000)), .move(slot: 1, to: point(2010, 1000))], at: 1.02)
                .twinFrames
                == [[.move(slot: 0, to: point(2010, 1000))]])
    }

    /// Three fingers landing in one frame are all held for a three-finger binding; two are not.
    @Test func theFingerCountHoldsAtTheBindingsCount() {
        var gate = TouchGate(rules: rules, twinSlots: 5)
        #expect(
            gate.route([.down(slot: 0, at: point(1000, 1000)), .down(slot: 1, at: point(1500, 1000))], at: 1).twinFrames
                == [[.down(slot: 0, at: point(1000, 1000)), .down(slot: 1, at: point(1500, 1000))]])
        var three = TouchGate(rules: rules, twinSlots: 5)
        let output = three.route(
            [
                .down(slot: 0, at: point(1000, 1000)), .down(slot: 1, at: point(1500, 1000)),
                .down(slot: 2, at: point(2000, 1000)),
            ], at: 1)
        #expect(output.twinFrames == [])
        #expect(output.reports.filter { if case .down(_, _, true) = $0 { true } else { false } }.count == 3)
    }

    /// A finger that lands as another lifts counts the fingers the frame leaves down.
    @Test func aLiftInTheSameFrameIsNotCounted() {
        var gate = TouchGate(rules: rules, twinSlots: 5)
        _ = gate.route([.down(slot: 0, at: point(1000, 1000)), .down(slot: 1, at: point(1500, 1000))], at: 1)
        #expect(
            gate.route([.up(slot: 0), .down(slot: 2, at: point(2000, 1000))], at: 1.01).twinFrames
                == [[.up(slot: 0), .down(slot: 0, at: point(2000, 1000))]], "two down after the frame: passed")
    }

    /// Fingers that passed before the count was reached are cancelled on the twin when the binding claims them.
    @Test func aClaimCancelsFingersTheTwinAlreadyHas() {
        var gate = TouchGate(rules: rules, twinSlots: 5)
        _ = gate.route([.down(slot: 0, at: point(1000, 1000))], at: 1)
        _ = gate.route([.down(slot: 1, at: point(1500, 1000))], at: 1.01)
        _ = gate.route([.down(slot: 2, at: point(2000, 1000))], at: 1.02)
        #expect(gate.claim(1).twinFrames == [[.cancel(slot: 0)]])
        #expect(gate.claim(2).twinFrames == [[.cancel(slot: 1)]])
        #expect(gate.claim(3).twinFrames == [])
        #expect(gate.route([.up(slot: 0), .up(slot: 1), .up(slot: 2)], at: 1.5).twinFrames == [])
        #expect(gate.isIdle)
    }

    /// A stall passes every held touch and holds no new one until animd reads again.
    @Test func aStallPassesEverythingUntilResumed() {
        var gate = TouchGate(rules: rules, twinSlots: 5)
        _ = gate.route([.down(slot: 0, at: point(5, 2000))], at: 1)
        #expect(gate.stall().twinFrames == [[.down(slot: 0, at: point(5, 2000))]])
        #expect(
            gate.route([.down(slot: 1, at: point(5, 3000))], at: 1.01).twinFrames == [
                [.down(slot: 1, at: point(5, 3000))]
            ])
        gate.resume()
        _ = gate.route([.up(slot: 0), .up(slot: 1)], at: 1.02)
        #expect(gate.route([.down(slot: 0, at: point(5, 2000))], at: 1.03).twinFrames == [], "held again")
    }

    /// Claims and passes of unknown or finished touches change nothing.
    @Test func unknownIdsChangeNothing() {
        var gate = TouchGate(rules: rules, twinSlots: 5)
        #expect(gate.claim(77) == GateOutput() && gate.pass(77) == GateOutput())
        _ = gate.route([.down(slot: 0, at: point(2000, 2000))], at: 1)
        #expect(gate.pass(1) == GateOutput(), "already the twin's")
    }
}
