import Gestures
import Testing

@testable import AnimCore
@testable import AnimDaemon

/// The focus in force, by the rule docs/focus.md states: the first source that knows the focus (the compositor's
/// IPC, then the desktop shell, then the backend's display); when none knows it, the first one's reason.
@Suite struct FocusReportsTests {
    static let window = FocusedWindow(names: ["foot"], fullscreen: false)

    @Test func theFirstSourceThatKnowsWins() {
        var reports = FocusReports()
        #expect(reports.effective == .unknown(reason: "no focus source has reported yet"))
        reports[.backend] = .known(Self.window, source: .foreignToplevel)
        #expect(reports.effective.source == .foreignToplevel)
        reports[.compositor] = .unknown(reason: "sway's IPC is lost")
        #expect(reports.effective.source == .foreignToplevel, "a source that knows wins over one that does not")
        reports[.desktop] = .known(nil, source: .gnome)
        #expect(reports.effective == .known(nil, source: .gnome), "the shell comes before the backend")
        reports[.compositor] = .known(Self.window, source: .sway)
        #expect(reports.effective.source == .sway)
        reports[.compositor] = nil
        #expect(reports.effective == .known(nil, source: .gnome), "a channel that says nothing any more is passed over")
    }

    @Test func withoutKnowledgeTheFirstReasonIsShown() {
        var reports = FocusReports()
        reports[.backend] = .unknown(reason: "backend")
        reports[.desktop] = .unknown(reason: "desktop")
        #expect(reports.effective == .unknown(reason: "desktop"))
        reports[.compositor] = .unknown(reason: "compositor")
        #expect(reports.effective == .unknown(reason: "compositor"))
    }
}
