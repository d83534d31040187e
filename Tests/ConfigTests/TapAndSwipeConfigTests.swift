import Gestures
import Testing
import Transitions

@testable import AnimConfig

/// `gesture = "tap"` and `gesture = "swipe"` (issue 61) as the config states them: their keys with the recognizers'
/// defaults, and what cannot be meant refused at its key.
@Suite struct TapAndSwipeConfigTests {
    /// A tap takes its fingers, taps, time, interval, slop, place and `to`; unset keys are TapOptions' defaults.
    @Test func aTapsKeys() throws {
        let config = try ConfigParser.parse(
            """
            [transitions.dock]
            [bindings.plain]
            transition = "dock"
            gesture = "tap"
            [bindings.tuned]
            transition = "dock"
            gesture = "tap"
            touches = 3
            taps = 2
            max-duration = 0.25
            interval = 0.2
            slop = 15
            to = 1
            output = "HDMI-1"
            """)
        let plain = try #require(config.bindings.first { $0.name == "plain" })
        #expect(plain.gesture == .tap(TapOptions(), to: nil, region: nil))
        let tuned = try #require(config.bindings.first { $0.name == "tuned" })
        #expect(
            tuned.gesture
                == .tap(
                    TapOptions(touches: 3, taps: 2, maxDuration: 0.25, interval: 0.2, slop: 15), to: 1,
                    region: .output("HDMI-1")))
    }

    /// A swipe takes its fingers, directions (of the eight), distance, velocity and place; one that drives a
    /// transition keeps its `increases`.
    @Test func aSwipesKeys() throws {
        let config = try ConfigParser.parse(
            """
            [transitions.sheet]
            [bindings.sheet-swipe]
            transition = "sheet"
            gesture = "swipe"
            touches = 2
            directions = ["up", "down-left"]
            min-distance = 80
            min-velocity = 0
            increases = "up"
            """)
        let swipe = try #require(config.bindings.first)
        #expect(
            swipe.gesture
                == .swipe(
                    SwipeOptions(touches: 2, directions: [.up, .downLeft], minDistance: 80, minVelocity: 0),
                    region: nil))
        #expect(swipe.increases == .up)
    }

    /// What a tap or a swipe cannot mean is an error at its key.
    @Test func refusesWhatCannotBeMeant() {
        let text = """
            [transitions.t]
            [bindings.no-directions]
            gesture = "swipe"
            run = ["a"]
            [bindings.bad-direction]
            gesture = "swipe"
            directions = ["left", "sideways"]
            run = ["a"]
            [bindings.twice]
            gesture = "swipe"
            directions = ["left", "left"]
            run = ["a"]
            [bindings.no-way]
            transition = "t"
            gesture = "swipe"
            directions = ["left"]
            [bindings.diagonal-way]
            transition = "t"
            gesture = "swipe"
            directions = ["left"]
            increases = "in"
            [bindings.repeating]
            gesture = "tap"
            run = ["a"]
            fire = "repeat"
            [bindings.two-places]
            gesture = "tap"
            run = ["a"]
            output = "HDMI-1"
            region = [0, 0, 10, 10]
            [bindings.fingers]
            gesture = "tap"
            run = ["a"]
            touches = 6
            taps = 4
            [bindings.pan-key]
            gesture = "tap"
            run = ["a"]
            distance = 100
            """
        let messages = Set(ConfigTests.errors(text).map { "\($0.key): \($0.message)" })
        let words = "\"left\", \"right\", \"up\", \"down\", \"up-left\", \"up-right\", \"down-left\", \"down-right\""
        #expect(messages.contains("bindings.no-directions.directions: is required for a swipe: some of \(words)"))
        #expect(messages.contains("bindings.bad-direction.directions: must list some of \(words), each once"))
        #expect(messages.contains("bindings.twice.directions: must list some of \(words), each once"))
        #expect(
            messages.contains(
                "bindings.no-way.increases: is required for a swipe that drives a transition: the way to its next snap")
        )
        #expect(
            messages.contains(
                "bindings.diagonal-way.increases: a swipe's must be \"left\", \"right\", \"up\" or \"down\", not \"in\""
            ))
        #expect(
            messages.contains(
                "bindings.repeating.fire: a tap is decided as the fingers lift, so it has no steps to repeat at: \"end\" or \"begin\""
            ))
        #expect(messages.contains("bindings.two-places.output: a tap has one place: region or output, not both"))
        #expect(messages.contains { $0.hasPrefix("bindings.fingers.touches: must be") && $0.contains("1 and 5") })
        #expect(messages.contains { $0.hasPrefix("bindings.fingers.taps: must be") && $0.contains("1 and 3") })
        #expect(messages.contains { $0.hasPrefix("bindings.pan-key.distance: unknown key") })
        #expect(messages.count == 10, "\(messages.sorted())")
    }
}
