import Testing

@testable import Motion

@Suite struct TimingSpecTests {
    /// Every named curve and form of MOTION.md §1 parses, spaces optional, case-insensitive.
    @Test(arguments: [
        ("linear", TimingSpec.linear),
        ("EASE", .ease),
        ("ease-in", .easeIn),
        (" ease-out ", .easeOut),
        ("ease-in-out", .easeInOut),
        ("cubic-bezier(0.17,0.67,0.76,1)", .cubicBezier(CubicBezier(0.17, 0.67, 0.76, 1))),
        ("cubic-bezier( 0.3 , -0.5, 0.7 , 1.6 )", .cubicBezier(CubicBezier(0.3, -0.5, 0.7, 1.6))),
        (
            "spring(mass=1, stiffness=100, damping=10)",
            .spring(.physical(mass: 1, stiffness: 100, damping: 10, velocity: 0))
        ),
        (
            "spring(stiffness=100,damping=10,velocity=2)",
            .spring(.physical(mass: 1, stiffness: 100, damping: 10, velocity: 2))
        ),
        (
            "spring(damping-ratio=0.8, response=0.3)",
            .spring(.perceptual(dampingRatio: 0.8, response: 0.3, velocity: 0))
        ),
        ("spring(response=0.3)", .spring(.perceptual(dampingRatio: 1, response: 0.3, velocity: 0))),
        (
            "spring(duration=0.5, bounce=0.3, velocity=1.5)",
            .spring(.durationBounce(duration: 0.5, bounce: 0.3, velocity: 1.5))
        ),
        ("spring(duration=0.5,bounce=-0.5)", .spring(.durationBounce(duration: 0.5, bounce: -0.5, velocity: 0))),
    ])
    func parses(text: String, expected: TimingSpec) throws {
        #expect(try TimingSpec(parsing: text) == expected)
    }

    /// The canonical text reads back as the same spec (spec → curve → spec).
    @Test func canonicalTextRoundTrips() throws {
        let texts = [
            "linear", "ease", "ease-in", "ease-out", "ease-in-out", "cubic-bezier(0.17,0.67,0.76,1)",
            "spring(mass=3, stiffness=1000, damping=500)", "spring(damping-ratio=0.8, response=0.3)",
            "spring(duration=0.5, bounce=0.3, velocity=1.5)",
        ]
        for text in texts {
            let spec = try TimingSpec(parsing: text)
            #expect(spec.description == text)
            #expect(try TimingSpec(parsing: spec.description) == spec)
        }
    }

    /// Bad specs name the bad part and its column.
    @Test(arguments: [
        ("eese-out", 1, "eese-out"),
        ("cubic-bezier(1.5,0,0.5,1)", 14, "1.5"),
        ("cubic-bezier(0.1,0.2,0.3)", 1, "cubic-bezier(0.1,0.2,0.3)"),
        ("cubic-bezier(0.1,abc,0.3,1)", 18, "abc"),
        ("cubic-bezier(0.1,0.2,0.3,1", 14, "0.1,0.2,0.3,1"),
        ("spring(dampin=0.8, response=0.3)", 8, "dampin"),
        ("spring(damping-ratio=0.8, response=zero)", 36, "zero"),
        ("spring(response=0.3, stiffness=100)", 1, "spring(response=0.3, stiffness=100)"),
        ("spring(duration=0.5, bounce=1)", 22, "bounce"),
        ("spring(stiffness=0, damping=1)", 8, "stiffness"),
        ("ease-out garbage", 10, "garbage"),
        ("", 1, ""),
    ])
    func rejects(text: String, column: Int, part: String) {
        do {
            _ = try TimingSpec(parsing: text)
            Issue.record("\(text) should not parse")
        } catch {
            #expect(error.column == column, "\(text): \(error)")
            #expect(error.part == part, "\(text): \(error)")
        }
    }

    /// A spring missing a value names the form, shows it written out, and for a lone `damping` points to the
    /// damping-ratio form that the default config uses.
    @Test(arguments: [
        (
            "spring(damping=0.5)",
            ["stiffness", "spring(stiffness=170, damping=26)", "spring(damping-ratio=0.5, response=0.4)"]
        ),
        ("spring(response=0.3, velocity=2)", [] as [String]),
        ("spring(bounce=0.2)", ["duration", "spring(duration=0.5, bounce=0.2)"]),
        (
            "spring(velocity=1)",
            [
                "spring(stiffness=170, damping=26)", "spring(damping-ratio=0.8, response=0.4)",
                "spring(duration=0.5, bounce=0.2)",
            ]
        ),
    ])
    func aSpringWithAMissingValueShowsTheFix(text: String, mentions: [String]) {
        do {
            _ = try TimingSpec(parsing: text)
            #expect(mentions.isEmpty, "\(text) should not parse")
        } catch {
            #expect(!mentions.isEmpty, "\(text): \(error)")
            for part in mentions { #expect(error.reason.contains(part), "\(text): \(error.reason)") }
        }
    }
}
