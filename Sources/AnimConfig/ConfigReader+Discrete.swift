import Gestures
import Transitions

/// A tap's and a swipe's keys (issue 61): the recognizers decided when the fingers lift.
extension ConfigReader {
    /// A tap: its fingers, its taps, its time, the interval between taps, its slop and its place.
    mutating func readTap(_ t: ConfigTable, _ p: ConfigPath, slop: Double, lastSnap: Int?) -> BindingGesture {
        let defaults = TapOptions()
        let options = TapOptions(
            touches: integer(t, Key.touches, p) ?? defaults.touches, taps: integer(t, Key.taps, p) ?? defaults.taps,
            maxDuration: number(t, Key.maxDuration, p) ?? defaults.maxDuration,
            interval: number(t, Key.interval, p) ?? defaults.interval, slop: slop)
        return .tap(options, to: snapIndex(t, Key.to, p, last: lastSnap), region: place(t, p, of: "tap"))
    }

    /// A swipe: its fingers, its directions, how far and how fast, its slop and its place. One that drives a
    /// transition names the way that goes to the next snap (`increases`).
    mutating func readSwipe(_ t: ConfigTable, _ p: ConfigPath, slop: Double, drives: Bool, increases: Direction?)
        -> BindingGesture?
    {
        let words = Heading.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        if drives, increases == nil, t[Key.increases.name] == nil {
            error(p, Key.increases, "is required for a swipe that drives a transition: the way to its next snap")
        }
        guard let names = strings(t, Key.directions, p) else {
            if t[Key.directions.name] == nil { error(p, Key.directions, "is required for a swipe: some of \(words)") }
            return nil
        }
        let headings = names.compactMap(Heading.init(rawValue:))
        guard !headings.isEmpty, headings.count == names.count, Set(headings).count == headings.count else {
            error(p, Key.directions, "must list some of \(words), each once")
            return nil
        }
        let defaults = SwipeOptions(directions: headings)
        let options = SwipeOptions(
            touches: integer(t, Key.touches, p) ?? defaults.touches, directions: headings,
            minDistance: number(t, Key.minDistance, p) ?? defaults.minDistance,
            minVelocity: number(t, Key.minVelocity, p) ?? defaults.minVelocity, slop: slop)
        return .swipe(options, region: place(t, p, of: "swipe"))
    }

    /// Where a tap or a swipe may start on the glass: a region or an output, not both; anywhere without either.
    private mutating func place(_ t: ConfigTable, _ p: ConfigPath, of gesture: String) -> RegionSpec? {
        let places = [Key.region.name, Key.output.name].filter { t[$0] != nil }
        if places.count > 1 { error(p / places[1], "a \(gesture) has one place: region or output, not both") }
        return string(t, Key.output, p).map(RegionSpec.output) ?? region(t, p)
    }
}
