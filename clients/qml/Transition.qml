// SPDX-License-Identifier: MIT
// A transition of animd's, followed at the window's frames: TransitionCore (the socket's events, the leg in force,
// AdwSwipeTracker's signals) advanced by a FrameAnimation while a leg runs, so a completion costs no socket traffic
// and no timer of its own. Properties: progress, velocity, phase, following; signals: beginSwipe, updateSwipe(progress),
// endSwipe(velocity, to), gone(reason, message), declared (docs/toolkits.md).
import QtQuick
import Animd

TransitionCore {
    id: transition

    readonly property FrameAnimation frames: FrameAnimation {
        running: transition.animating
        onTriggered: transition.advance()
    }
}
