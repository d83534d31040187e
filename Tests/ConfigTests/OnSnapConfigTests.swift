import Testing

@testable import AnimConfig

/// `on-snap` as a config states it: keys that are snap indices, values that are argv arrays within exec's bounds.
@Suite struct OnSnapConfigTests {
    /// Each bad action is an error that names it: an index beyond the snaps or not a plain index, no program, a non-string,
    /// too many arguments.
    @Test func refusesBadActions() {
        let text = """
            [transitions.t]
            on-snap.2 = ["a"]
            on-snap.01 = ["a"]
            on-snap.x = ["a"]
            on-snap.0 = []
            [transitions.u]
            on-snap.0 = ["echo", 5]
            on-snap.1 = "rofi -show drun"
            [transitions.v]
            on-snap.1 = [\(Array(repeating: "\"a\"", count: 257).joined(separator: ", "))]
            """
        let messages = Set(ConfigTests.errors(text).map { "\($0.key): \($0.message)" })
        #expect(
            messages == [
                "transitions.t.on-snap.2: must be a snap index from 0 to 1",
                "transitions.t.on-snap.01: must be a snap index from 0 to 1",
                "transitions.t.on-snap.x: must be a snap index from 0 to 1",
                "transitions.t.on-snap.0: needs a program to run: [\"program\", \"argument\", …]",
                "transitions.u.on-snap.0: must be an array of strings",
                "transitions.u.on-snap.1: must be an array of strings",
                "transitions.v.on-snap.1: has 257 arguments; at most 256",
            ])
    }
}
