import Glibc

/// How a sequence's fingers spread and turn about their centroid, for pinch and rotation recognizers (issue 45): the
/// natural log of their mean distance from the centroid against its value when they were counted (ln of the pinch's
/// scale: symmetric, so that closing to half and opening to double are the same distance apart), and their mean
/// turn about it, in degrees, clockwise on the screen (y grows downward). Both are carried across fingers landing
/// and lifting, so that they never jump, and tracked for velocity, as `TouchPath` carries the centroid's path.
/// A touchpad pinch sets them from the scale and rotation libinput and XI 2.4 report instead.
///
/// Fingers report one at a time: in a hand that moves rigidly, the first finger's move of a frame changes the spread
/// and the turn for a moment, and the others' moves undo it. So what decides whether a pinch or a rotation begins is
/// the transform at the end of a *frame* (`settled`): once every finger has moved, or once a finger moves again, or
/// time moves on (the next frame has begun, and the fingers that did not move were still).
struct TouchSpread: Sendable {
    /// Events further apart than this, s, are in different frames (touchscreens report at 60 to 240 Hz).
    static let frameGap = 0.004
    /// A mean distance below this, px, counts as this: fingers that land on one point have no scale to measure yet.
    static let minimumSpread = 1.0
    /// A touchpad scale below this counts as this: XI 2.4 and libinput may report 0, whose log is −∞.
    static let minimumScale = 1e-3

    /// (ln scale, degrees clockwise) carried over from earlier sets of touches, or a touchpad pinch's own.
    private var carried: Point = .zero
    /// The mean distance from the centroid when the current set of two or more touches was established.
    private var anchorSpread: Double?
    /// The mean distance now.
    private var spread = 0.0
    /// Degrees turned since the current set was established: each move adds the mean of the touches' turns.
    private var turned = 0.0
    /// Each touch's angle about the centroid at the last update, degrees, in the order of the touches.
    private var angles: [Double] = []
    private(set) var tracker = VelocityTracker()
    /// The transform at the end of the last whole frame.
    private(set) var settled = Point.zero
    /// Which touches have moved in the frame under way, and when it began.
    private var frame = TouchFrame(touches: 0)

    init(touches: [(id: Int, location: Point)], time: Double) {
        rebase(touches)
        tracker.add(.zero, at: time)
    }

    /// (ln scale, degrees clockwise) since the sequence began.
    var transform: Point {
        guard let anchorSpread else { return carried }
        return carried
            + Point(x: log(max(spread, Self.minimumSpread) / max(anchorSpread, Self.minimumSpread)), y: turned)
    }

    /// After a touch moved: the spread now, and the mean turn since the last update (each touch's turn taken the
    /// short way round, so that a finger crossing the angle's seam turns a little, not a whole circle).
    mutating func update(_ touches: [(id: Int, location: Point)], moved: Int, at time: Double) {
        guard touches.count >= 2, touches.count == angles.count, touches.indices.contains(moved) else { return }
        // A finger that already moved in this frame, or time gone on: that frame ended before this move.
        if frame.move(moved, at: time, gap: Self.frameGap) { settled = transform }
        let centre = TouchPath.centroid(of: touches)
        var total = 0.0, sum = 0.0
        for index in touches.indices {
            let offset = touches[index].location - centre
            let angle = Self.degrees(offset)
            total += (angle - angles[index]).remainder(dividingBy: 360)
            angles[index] = angle
            sum += offset.length
        }
        turned += total / Double(touches.count)
        spread = sum / Double(touches.count)
        tracker.add(transform, at: time)
        if frame.isWhole { endFrame() }
    }

    /// The frame under way is whole: its transform is settled, and the next move starts the next frame.
    private mutating func endFrame() {
        settled = transform
        frame.clear()
    }

    /// Folds what was measured into `carried` around a change of the touch set, and measures the new set from here.
    mutating func rebase(_ touches: [(id: Int, location: Point)]) {
        carried = transform
        settled = carried
        turned = 0
        frame = TouchFrame(touches: touches.count >= 2 ? touches.count : 0)
        guard touches.count >= 2 else {
            anchorSpread = nil
            angles = []
            return
        }
        let centre = TouchPath.centroid(of: touches)
        angles = touches.map { Self.degrees($0.location - centre) }
        spread = touches.reduce(0.0) { $0 + ($1.location - centre).length } / Double(touches.count)
        anchorSpread = spread
    }

    /// A touchpad pinch's scale (relative to its begin, 1 = unchanged) and rotation (degrees, clockwise).
    mutating func set(scale: Double, rotation: Double, at time: Double) {
        carried = Point(x: log(max(scale, Self.minimumScale)), y: rotation)
        settled = carried
        tracker.add(transform, at: time)
    }

    /// The angle of an offset, degrees, measured clockwise on the screen from the x axis (y grows downward).
    private static func degrees(_ offset: Point) -> Double { atan2(offset.y, offset.x) * 180 / .pi }
}
