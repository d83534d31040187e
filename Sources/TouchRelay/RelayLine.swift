/// The relay's side of its socket with animd: one line per message, words split by single spaces (a name, last,
/// may hold spaces). Both ends are animd's; the format is internal and versioned by the two being installed together.
public enum RelayMessage: Hashable, Sendable {
    /// The device's multitouch axes, sent first: animd places touches with them.
    case axes(x: AxisInfo, y: AxisInfo)
    /// A finger is down: the device is taken once none is.
    case waiting
    /// The device is grabbed and its twin made, under this name.
    case taken(twin: String)
    /// The relay cannot take the device, and ends.
    case refused(String)
    case report(GateReport)
    /// animd stopped reading and messages were lost: animd drops the device's open touches and starts again.
    case resync

    public var line: String {
        switch self {
        case let .axes(x, y): "axes \(x.minimum) \(x.maximum) \(y.minimum) \(y.maximum)"
        case .waiting: "waiting"
        case let .taken(twin): "taken \(Self.oneLine(twin))"
        case let .refused(reason): "refused \(Self.oneLine(reason))"
        case .resync: "resync"
        case let .report(.down(id, point, held)): "down \(id) \(point.x) \(point.y) \(held ? "held" : "passed")"
        case let .report(.move(id, point)): "move \(id) \(point.x) \(point.y)"
        case let .report(.up(id)): "up \(id)"
        case let .report(.frame(time)): "frame \(Int64((time * 1e6).rounded()))"
        case let .report(.expired(id)): "expired \(id)"
        }
    }

    private static func oneLine(_ text: String) -> String { String(text.map { $0.isNewline ? " " : $0 }) }

    public init?(line: Substring) {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        let rest = { (count: Int) in words.dropFirst(count).joined(separator: " ") }
        func int(_ index: Int) -> Int32? { index < words.count ? Int32(words[index]) : nil }
        func id(_ index: Int) -> UInt32? { index < words.count ? UInt32(words[index]) : nil }
        switch words.first {
        case "axes":
            guard words.count == 5, let a = int(1), let b = int(2), let c = int(3), let d = int(4), a < b, c < d else {
                return nil
            }
            self = .axes(
                x: AxisInfo(code: Evdev.mtPositionX, minimum: a, maximum: b),
                y: AxisInfo(code: Evdev.mtPositionY, minimum: c, maximum: d))
        case "waiting": self = .waiting
        case "taken": self = .taken(twin: rest(1))
        case "refused": self = .refused(rest(1))
        case "resync": self = .resync
        case "down":
            guard words.count == 5, let id = id(1), let x = int(2), let y = int(3),
                words[4] == "held" || words[4] == "passed"
            else { return nil }
            self = .report(.down(id: id, at: DevicePoint(x: x, y: y), held: words[4] == "held"))
        case "move":
            guard words.count == 4, let id = id(1), let x = int(2), let y = int(3) else { return nil }
            self = .report(.move(id: id, to: DevicePoint(x: x, y: y)))
        case "up":
            guard words.count == 2, let id = id(1) else { return nil }
            self = .report(.up(id: id))
        case "expired":
            guard words.count == 2, let id = id(1) else { return nil }
            self = .report(.expired(id: id))
        case "frame":
            guard words.count == 2, let micro = Int64(words[1]), micro >= 0 else { return nil }
            self = .report(.frame(time: Double(micro) / 1e6))
        default: return nil
        }
    }
}

/// animd's side: what it tells the relay.
public enum RelayCommand: Hashable, Sendable {
    /// Touches starting in these rectangles (device units) are held, and touches that bring the fingers down to
    /// `fingers` (0: none).
    case rules(zones: [DeviceRect], fingers: Int)
    case claim(UInt32)
    case pass(UInt32)

    /// At most this many zones: an edge has a few placed parts, a device four edges.
    public static let zoneLimit = 64
    /// The most fingers a rule may name: ten, two hands.
    public static let fingerLimit = 10

    public var line: String {
        switch self {
        case let .rules(zones, fingers):
            (["rules", "\(fingers)"]
                + zones.prefix(Self.zoneLimit).map { "\($0.minX),\($0.minY),\($0.maxX),\($0.maxY)" }).joined(
                    separator: " ")
        case let .claim(id): "claim \(id)"
        case let .pass(id): "pass \(id)"
        }
    }

    public init?(line: Substring) {
        let words = line.split(separator: " ")
        switch words.first {
        case "rules":
            guard words.count >= 2, words.count - 2 <= Self.zoneLimit, let fingers = Int(words[1]),
                (0...Self.fingerLimit).contains(fingers)
            else { return nil }
            var zones: [DeviceRect] = []
            for word in words.dropFirst(2) {
                let numbers = word.split(separator: ",").compactMap { Int32($0) }
                guard numbers.count == 4 else { return nil }
                zones.append(DeviceRect(minX: numbers[0], minY: numbers[1], maxX: numbers[2], maxY: numbers[3]))
            }
            self = .rules(zones: zones, fingers: fingers)
        case "claim":
            guard words.count == 2, let id = UInt32(words[1]) else { return nil }
            self = .claim(id)
        case "pass":
            guard words.count == 2, let id = UInt32(words[1]) else { return nil }
            self = .pass(id)
        default: return nil
        }
    }
}
