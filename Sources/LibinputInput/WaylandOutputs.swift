public import Gestures

/// The outputs a Wayland compositor announces, as values: what `WaylandOutputReader` hears from `wl_output` and
/// `zxdg_output_v1`, kept in the compositor's logical coordinates. Pure, so that output changes are tested below
/// the Wayland boundary. Every number from the compositor is range-checked here, where it enters.
public struct WaylandOutputTable: Hashable, Sendable {
    public struct Output: Hashable, Sendable {
        public var name: String?
        /// wl_output's position and current mode in hardware pixels, its scale and transform (0…7).
        public var position = Point.zero
        public var mode: Point?
        public var scale = 1.0
        public var transform = 0
        /// zxdg_output_v1's logical position and size, which win when present.
        public var logicalPosition: Point?
        public var logicalSize: Point?
        /// A `done` has arrived: the properties so far belong together.
        public var complete = false

        /// Where the output lies in the compositor's logical space: xdg-output's rectangle, else wl_output's
        /// position and its mode divided by the scale, turned a quarter for 90° and 270° transforms.
        public var rect: Rect? {
            let origin = logicalPosition ?? position
            if let size = logicalSize { return Rect(x: origin.x, y: origin.y, width: size.x, height: size.y) }
            guard let mode else { return nil }
            let turned = transform % 2 == 1
            return Rect(
                x: origin.x, y: origin.y, width: (turned ? mode.y : mode.x) / scale,
                height: (turned ? mode.x : mode.y) / scale)
        }
    }

    public enum Change: Hashable, Sendable {
        case geometry(x: Int32, y: Int32, transform: Int32)
        case mode(width: Int32, height: Int32, current: Bool)
        case scale(Int32)
        case name(String)
        case logicalPosition(x: Int32, y: Int32)
        case logicalSize(width: Int32, height: Int32)
        case done
    }

    /// By the registry's name for the output, which orders them as the compositor announced them.
    public private(set) var outputs: [UInt32: Output] = [:]

    public init() {}

    public mutating func add(_ id: UInt32) { outputs[id] = outputs[id] ?? Output() }

    public mutating func remove(_ id: UInt32) { outputs[id] = nil }

    public mutating func update(_ id: UInt32, _ change: Change) {
        guard var output = outputs[id] else { return }
        let limit = InputLimits.coordinate
        func position(_ x: Int32, _ y: Int32) -> Point? {
            abs(Double(x)) <= limit && abs(Double(y)) <= limit ? Point(x: Double(x), y: Double(y)) : nil
        }
        func size(_ width: Int32, _ height: Int32) -> Point? {
            width > 0 && height > 0 && Double(width) <= limit && Double(height) <= limit
                ? Point(x: Double(width), y: Double(height)) : nil
        }
        switch change {
        case let .geometry(x, y, transform):
            output.position = position(x, y) ?? output.position
            output.transform = (0...7).contains(transform) ? Int(transform) : 0
        case let .mode(width, height, current):
            if current { output.mode = size(width, height) ?? output.mode }
        case let .scale(scale):
            output.scale = (1...16).contains(scale) ? Double(scale) : 1
        case let .name(name):
            output.name = name.isEmpty ? nil : String(name.prefix(256))
        case let .logicalPosition(x, y):
            output.logicalPosition = position(x, y) ?? output.logicalPosition
        case let .logicalSize(width, height):
            output.logicalSize = size(width, height) ?? output.logicalSize
        case .done:
            output.complete = true
        }
        outputs[id] = output
    }

    /// The outputs that are complete and have a size, in the compositor's order.
    public var placed: [(name: String?, rect: Rect, transform: Int)] {
        outputs.sorted { $0.key < $1.key }.compactMap { _, output in
            guard output.complete, let rect = output.rect else { return nil }
            return (output.name, rect, output.transform)
        }
    }

    /// The output for a touchscreen: by name from the config, else by libinput's output hint (udev `WL_OUTPUT`),
    /// else the first.
    public func output(pinnedTo configured: String?, hint: String?) -> (name: String?, rect: Rect, transform: Int)? {
        let placed = self.placed
        for name in [configured, hint].compactMap({ $0 }) {
            if let match = placed.first(where: { $0.name == name }) { return match }
        }
        return placed.first
    }
}

/// Where a touch at `unit` (the panel's own coordinates, 0…1 from its top left) lands on an output turned by
/// `transform`. wl_output's transform says how the compositor turns content for the panel: counter-clockwise by
/// 90° × (transform mod 4), after a flip about the vertical axis for 4…7. The glass turns with the panel, so a
/// touch comes back through the inverse: turned clockwise, then flipped. Derived from the protocol's definition;
/// not yet verified on a rotated tablet.
public func place(_ unit: Point, on rect: Rect, transform: Int) -> Point {
    var p = unit
    // The inverse of a counter-clockwise quarter turn (y down): (x, y) → (1 − y, x).
    for _ in 0..<(transform % 4) { p = Point(x: 1 - p.y, y: p.x) }
    if transform >= 4 { p = Point(x: 1 - p.x, y: p.y) }
    let x = min(max(p.x, 0), 1), y = min(max(p.y, 0), 1)
    return Point(
        x: min(rect.x + x * rect.width, rect.maxX.nextDown), y: min(rect.y + y * rect.height, rect.maxY.nextDown))
}
