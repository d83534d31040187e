import AnimProtocol
import Glibc
import TransitionModel

/// `animctl watch` on a terminal: one line per transition, redrawn in place as
/// frames arrive: name, a progress bar across its snap points, progress, phase,
/// velocity and snap. A last line shows the newest other event.
struct LiveView {
    private var order: [String] = []
    private var latest: [String: TransitionSnapshot] = [:]
    private var footer = ""
    private var drawnLines = 0

    init(_ snapshots: [TransitionSnapshot]) {
        for snapshot in snapshots { update(snapshot) }
    }

    mutating func update(_ snapshot: TransitionSnapshot) {
        if latest[snapshot.name] == nil { order.append(snapshot.name) }
        latest[snapshot.name] = snapshot
    }

    mutating func note(_ text: String) { footer = text }

    /// The escape sequences that replace what was drawn last with the current state.
    mutating func render(width: Int) -> String {
        var out = drawnLines > 0 ? "\u{1B}[\(drawnLines)A\r" : ""
        let lines = order.compactMap { latest[$0].map { Self.line($0, width: width) } } + [footer]
        for line in lines { out += "\u{1B}[2K" + String(line.prefix(max(width - 1, 1))) + "\n" }
        drawnLines = lines.count
        return out
    }

    static func line(_ s: TransitionSnapshot, width: Int) -> String {
        let name = s.name.count > 14 ? String(s.name.prefix(13)) + "…" : padded(s.name, 14)
        let barWidth = min(max(width - 62, 10), 60)
        let last = Double(max(s.snapPoints.count - 1, 1))
        let share = s.progress.isFinite ? min(max(s.progress / last, 0), 1) : 0
        let filled = Int((share * Double(barWidth)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        let leg = s.phase == .idle ? "snap \(s.snap)" : "snap \(s.from)→\(s.target)"
        return "\(name) ▕\(bar)▏ \(cFormatted("%6.3f", s.progress))  \(padded(s.phase.rawValue, 11))"
            + " \(cFormatted("%+8.2f", s.velocity))/s  \(leg)"
    }
}

/// The terminal's width in columns (80 when unknown).
func terminalWidth() -> Int {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
}

/// Hides the cursor while the live view draws, and shows it again however
/// animctl ends: normally, or by Ctrl-C or SIGTERM (then exit status 0).
enum TerminalCursor {
    static func hide() {
        emit(raw: "\u{1B}[?25l")
        let restore: @convention(c) (Int32) -> Void = { _ in
            let text = "\u{1B}[?25h"
            _ = text.withCString { write(1, $0, strlen($0)) }
            _exit(0)
        }
        // animctl unblocked both as it started (`AnimCtl.main`), whatever its parent had blocked.
        signal(SIGINT, restore)
        signal(SIGTERM, restore)
    }

    static func show() { emit(raw: "\u{1B}[?25h") }
}
