import Testing

@testable import AnimCore
@testable import AnimDaemon

/// The token bucket on injected events, on a manual clock.
struct InjectionBudgetTests {
    /// The wait a refusal names, nil for events taken.
    static func wait(_ decision: InjectionBudget.Decision) -> Double? {
        if case let .refused(seconds) = decision { return seconds }
        return nil
    }

    static func waits(_ decision: InjectionBudget.Decision, _ seconds: Double) -> Bool {
        wait(decision).map { abs($0 - seconds) < 1e-9 } ?? false
    }

    /// A new client may inject the whole capacity at once, and not one event more until time refills it.
    @Test func theCapacityAtOnceThenNothing() {
        var budget = InjectionBudget()
        #expect(budget.spend(Int(InjectionBudget.capacity), at: 100) == .taken)
        #expect(Self.waits(budget.spend(1, at: 100), 1 / InjectionBudget.rate))
    }

    /// Time refills it at `rate`, never past `capacity`; a request is taken whole or not at all.
    @Test func timeRefillsItUpToTheCapacity() {
        var budget = InjectionBudget()
        _ = budget.spend(10_000, at: 0)
        #expect(budget.spend(5_000, at: 0.5) == .taken, "half a second brings 5,000")
        #expect(Self.waits(budget.spend(1, at: 0.5), 0.0001))
        #expect(Self.waits(budget.spend(3_000, at: 0.7), 0.1), "2,000 came back; 1,000 more take 0.1 s")
        #expect(budget.spend(1_999, at: 0.7) == .taken, "the refused request took nothing")
        #expect(Self.waits(budget.spend(10_001, at: 1000), 0.0001), "much later it holds the capacity, not more")
    }

    /// A clock that steps back gives nothing back.
    @Test func aClockGoingBackRefillsNothing() {
        var budget = InjectionBudget()
        _ = budget.spend(10_000, at: 50)
        #expect(Self.waits(budget.spend(1, at: 10), 0.0001))
        #expect(budget.spend(999, at: 50.1) == .taken)
    }
}
