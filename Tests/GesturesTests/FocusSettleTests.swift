import Gestures
import Testing

/// The gap an X window manager publishes between two windows waits `FocusSettle.delay` before it is believed; every
/// other read is published at once. Driven with a manual clock.
struct FocusSettleTests {
    static let logo = SessionFocus.known(FocusedWindow(names: ["logo-one", "XLogo"], fullscreen: false), source: .x11)
    static let calc = SessionFocus.known(FocusedWindow(names: ["xcalc", "XCalc"], fullscreen: false), source: .x11)
    static let none = SessionFocus.known(nil, source: .x11)
    static let noManager = SessionFocus.unknown(reason: "no EWMH window manager")

    /// openbox's switch: None, then the next window a millisecond later. Only the window is published.
    @Test func aGapBetweenTwoWindowsIsNeverPublished() {
        var settle = FocusSettle(Self.logo)
        #expect(settle.read(Self.none, at: 10) == false)
        #expect(settle.published == Self.logo && settle.deadline == 10 + FocusSettle.delay)
        #expect(settle.read(Self.calc, at: 10.001) == true)
        #expect(settle.published == Self.calc && settle.deadline == nil)
        #expect(
            settle.expire(at: 11) == false && settle.published == Self.calc,
            "the gap that was replaced stays unpublished")
    }

    /// A gap that lasts (the last window closed, the desktop clicked) is published once its delay is over, not before.
    @Test func aGapThatLastsIsPublishedAfterTheDelay() {
        var settle = FocusSettle(Self.logo)
        #expect(settle.read(Self.none, at: 10) == false)
        #expect(settle.expire(at: 10 + FocusSettle.delay / 2) == false && settle.published == Self.logo)
        // Reading the same gap again (another property changed meanwhile) does not push its deadline back.
        #expect(settle.read(Self.none, at: 10.05) == false && settle.deadline == 10 + FocusSettle.delay)
        #expect(settle.expire(at: 10 + FocusSettle.delay) == true)
        #expect(settle.published == Self.none && settle.deadline == nil)
        #expect(settle.expire(at: 20) == false)
    }

    /// Everything that is not a gap after a window is published as it is read: a window after a window, a window
    /// after a gap, a gap after a gap or after no manager, the manager's loss, the same window returning.
    @Test func everyOtherReadIsPublishedAtOnce() {
        var settle = FocusSettle(Self.noManager)
        #expect(
            settle.read(Self.none, at: 0) == true && settle.published == Self.none,
            "no window, with no window before it")
        #expect(settle.read(Self.logo, at: 1) == true && settle.published == Self.logo)
        #expect(settle.read(Self.calc, at: 2) == true && settle.published == Self.calc)
        #expect(settle.read(Self.calc, at: 3) == false, "the same focus again is no change")
        #expect(
            settle.read(Self.noManager, at: 4) == true && settle.published == Self.noManager,
            "the manager's loss is not a gap")
        #expect(settle.deadline == nil)
    }

    /// The manager quits while a gap waits: the loss is published at once and the gap forgotten.
    @Test func aLossReplacesAWaitingGap() {
        var settle = FocusSettle(Self.logo)
        _ = settle.read(Self.none, at: 5)
        #expect(
            settle.read(Self.noManager, at: 5.01) == true && settle.published == Self.noManager
                && settle.deadline == nil)
        // The window that had the focus comes back before the gap is believed: nothing changed for the bindings.
        var back = FocusSettle(Self.logo)
        _ = back.read(Self.none, at: 5)
        #expect(back.read(Self.logo, at: 5.01) == false && back.published == Self.logo && back.deadline == nil)
    }
}
