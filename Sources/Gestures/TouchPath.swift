/// Where a sequence's fingers are, and how far they went together: the path is the movement of the touches'
/// centroid since the sequence began, carried across fingers landing and lifting so that it never jumps, and its
/// velocity tracked as it goes. Where a pinch or a rotation may take the sequence, how the fingers spread and turn
/// (`TouchSpread`) is measured too; otherwise that costs nothing.
struct TouchPath: Sendable {
    let startLocation: Point
    private(set) var touches: [(id: Int, location: Point)]
    /// The centroid when the current set of touches was established.
    private var anchor: Point
    /// Path carried over from earlier sets of touches, and touchpad deltas.
    private var carried: Point = .zero
    private(set) var tracker = VelocityTracker()
    /// The finger count of a touchpad swipe (touches holds one virtual point).
    private let swipeFingers: Int?
    /// Where the last finger lifted: the sequence ends where it was, not at the origin.
    private var liftLocation: Point?
    /// How the fingers spread and turn, where a pinch or a rotation may use it.
    private(set) var spread: TouchSpread?

    init(touch: Int, at location: Point, time: Double, swipeFingers: Int?, measuresSpread: Bool = false) {
        startLocation = location
        touches = [(touch, location)]
        anchor = location
        self.swipeFingers = swipeFingers
        tracker.add(.zero, at: time)
        if measuresSpread { spread = TouchSpread(touches: touches, time: time) }
    }

    var touchCount: Int { swipeFingers ?? touches.count }

    var centroid: Point {
        if touches.isEmpty { return liftLocation ?? startLocation }
        return Self.centroid(of: touches)
    }

    /// The mean of some touches' locations (at least one); `TouchSpread` measures about it too.
    static func centroid(of touches: [(id: Int, location: Point)]) -> Point {
        touches.reduce(Point.zero) { $0 + $1.location } * (1 / Double(max(touches.count, 1)))
    }

    /// Total movement since the sequence began, continuous across finger changes.
    var path: Point { carried + (centroid - anchor) }

    mutating func add(_ touch: Int, at location: Point) {
        rebase { $0.touches.append((touch, location)) }
    }

    mutating func move(_ touch: Int, to location: Point, at time: Double) {
        guard let index = touches.firstIndex(where: { $0.id == touch }) else { return }
        touches[index].location = location
        tracker.add(path, at: time)
        spread?.update(touches, moved: index, at: time)
    }

    mutating func remove(_ touch: Int) {
        guard touches.contains(where: { $0.id == touch }) else { return }
        if touches.count == 1 {
            liftLocation = touches[0].location
            return touches.removeAll()
        }
        rebase { $0.touches.removeAll { $0.id == touch } }
    }

    mutating func movePointer(to location: Point, at time: Double) {
        touches[0].location = location
        tracker.add(path, at: time)
    }

    /// A touchpad swipe's delta, or an edge push turned inward.
    mutating func addDelta(_ delta: Point, at time: Double) {
        carried = carried + delta
        tracker.add(path, at: time)
    }

    /// Once nothing will read the spread (a pan took the sequence), it is no longer measured.
    mutating func stopMeasuringSpread() { spread = nil }

    /// A touchpad pinch's update: its delta moves the path, and its scale and rotation are the spread's.
    mutating func pinch(_ delta: Point, scale: Double, rotation: Double, at time: Double) {
        addDelta(delta, at: time)
        spread?.set(scale: scale, rotation: rotation, at: time)
    }

    /// Folds the path so far into `carried` around a change of the touch set (and the spread into its own).
    private mutating func rebase(_ change: (inout TouchPath) -> Void) {
        carried = path
        change(&self)
        anchor = centroid
        spread?.rebase(touches)
    }
}
