/// What the demo window draws for a set of progress values: pure geometry,
/// so that the picture is a function of the frames and nothing else.
///
/// A window of `width` × `height`: the sidebar slides in from the left and the
/// panel from the right (full height, `drawerWidth` wide when open), the
/// notifications drop from the top, the launcher rises from the bottom, the
/// pager's indicator moves along four page dots in the middle, and the
/// overview grows from the middle, behind the rest, to `overviewShare` of the
/// window each way.
struct DemoScene {
    var width: Int
    var height: Int

    static let drawerWidth = 200.0
    static let notificationsHeight = 110.0
    static let launcherHeight = 150.0
    static let pageStep = 40.0
    static let overviewShare = 0.6

    struct Box: Equatable {
        var name: String
        var color: UInt32
        var x: Int, y: Int, width: Int, height: Int
    }

    static let background: UInt32 = 0x1E2127
    static let colors: [String: UInt32] = [
        "sidebar": 0x4C8BF5, "panel": 0x34A853, "notifications": 0xEA4335, "launcher": 0xFBBC05, "pager": 0xE8EAED,
        "overview": 0x8E24AA,
    ]

    /// The overview: a box that grows from the middle of the screen.
    private func overviewBox(_ progress: Double) -> Box {
        let extent = { (full: Int) in Int((max(progress, 0) * (Double(full) * Self.overviewShare)).rounded()) }
        let (overviewWidth, overviewHeight) = (extent(width), extent(height))
        return Box(
            name: "overview", color: Self.colors["overview"] ?? 0, x: (width - overviewWidth) / 2,
            y: (height - overviewHeight) / 2, width: overviewWidth, height: overviewHeight)
    }

    /// The pager: four dots, and an indicator that slides between them.
    private func pagerBoxes(_ progress: Double) -> [Box] {
        let dotsLeft = width / 2 - Int(1.5 * Self.pageStep) - 4
        let dots = (0..<4).map { page in
            Box(
                name: "page", color: 0x5F6368, x: dotsLeft + Int(Double(page) * Self.pageStep), y: height / 2 - 4,
                width: 8, height: 8)
        }
        let indicator = Box(
            name: "pager", color: Self.colors["pager"] ?? 0,
            x: dotsLeft - 4 + Int((progress * Self.pageStep).rounded()),
            y: height / 2 - 8, width: 16, height: 16)
        return dots + [indicator]
    }

    /// The boxes to paint in order; progress values past the ends (springs, rubber-banding) show as such, within reason.
    func boxes(_ progress: [String: Double]) -> [Box] {
        func p(_ name: String) -> Double {
            let value = progress[name] ?? 0
            return value.isFinite ? min(max(value, -0.5), 4) : 0
        }
        func extent(_ share: Double, of full: Double) -> Int { Int((max(share, 0) * full).rounded()) }
        var boxes = [overviewBox(p("overview"))] + pagerBoxes(p("pager"))
        let launcher = extent(p("launcher"), of: Self.launcherHeight)
        boxes.append(
            Box(
                name: "launcher", color: Self.colors["launcher"] ?? 0, x: width / 4, y: height - launcher,
                width: width / 2, height: launcher))
        let notifications = extent(p("notifications"), of: Self.notificationsHeight)
        boxes.append(
            Box(
                name: "notifications", color: Self.colors["notifications"] ?? 0, x: width / 4, y: 0, width: width / 2,
                height: notifications))
        let sidebar = extent(p("sidebar"), of: Self.drawerWidth)
        boxes.append(
            Box(name: "sidebar", color: Self.colors["sidebar"] ?? 0, x: 0, y: 0, width: sidebar, height: height))
        let panel = extent(p("panel"), of: Self.drawerWidth)
        boxes.append(
            Box(name: "panel", color: Self.colors["panel"] ?? 0, x: width - panel, y: 0, width: panel, height: height))
        return boxes.filter { $0.width > 0 && $0.height > 0 }
    }
}
