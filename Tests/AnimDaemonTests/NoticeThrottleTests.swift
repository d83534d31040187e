import Testing

@testable import AnimDaemon

/// The once-a-second notice, on a manual clock.
struct NoticeThrottleTests {
    /// The first occurrence is told at once; the rest of that second are counted, and the first after it tells
    /// them all, itself included.
    @Test func oneNoticeASecondCountingTheRest() {
        var throttle = NoticeThrottle(interval: 1)
        #expect(throttle.admit(at: 10) == 1)
        for step in 1...9_999 { #expect(throttle.admit(at: 10 + Double(step) / 10_000) == nil) }
        #expect(throttle.admit(at: 11) == 10_000, "9,999 held back and this one")
        #expect(throttle.admit(at: 11.5) == nil)
        #expect(throttle.admit(at: 30) == 2, "a quiet spell tells what the last one held back")
    }

    /// 10,000 occurrences a second for 10 s come to at most 11 notices, and every occurrence is counted once.
    @Test func aFloodIsBoundedAndCountedWhole() {
        var throttle = NoticeThrottle(interval: 1)
        var notices = 0, counted = 0
        for step in 0..<100_000 {
            if let count = throttle.admit(at: Double(step) / 10_000) {
                notices += 1
                counted += count
            }
        }
        #expect(notices <= 11)
        #expect(counted + 10_000 >= 100_000, "only the last second's are still held")
    }
}
