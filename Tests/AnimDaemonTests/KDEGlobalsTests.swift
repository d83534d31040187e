import Testing

@testable import AnimDaemon
@testable import DesktopMotion

/// KDE's `AnimationDurationFactor` read from `kdeglobals` text as KConfig writes it, and every absurd value refused.
struct KDEGlobalsTests {
    @Test(arguments: [
        ("[KDE]\nAnimationDurationFactor=0.5\n", KDEGlobals.Reading.factor(0.5)),
        ("# a comment\n[General]\nAnimationDurationFactor=3\n\n[KDE]\n  AnimationDurationFactor = 0 \n", .factor(0)),
        ("[KDE][$i]\nAnimationDurationFactor[$i]=2\n", .factor(2)),
        ("[KDE]\nAnimationDurationFactor=1\nAnimationDurationFactor=0.25\n", .factor(0.25)),
        ("[KDE]\r\nAnimationDurationFactor=0.125\r\n", .factor(0.125)),
        ("[KDE]\nAnimationDurationFactor=-0\n", .factor(0)),
        ("[KDE]\nSingleClick=false\n[KDE Action Restrictions]\nAnimationDurationFactor=0\n", .absent),
        ("[KDEX]\nAnimationDurationFactor=0\n", .absent),
        ("", .absent),
    ])
    func readsTheFactor(text: String, expected: KDEGlobals.Reading) {
        #expect(KDEGlobals.read(Substring(text)) == expected)
    }

    @Test(arguments: ["fast", "1e308", "-1", "5e-324", "nan", "inf", "0x10", "101"])
    func refusesWhatIsNoFactor(value: String) {
        guard case let .unreadable(why) = KDEGlobals.read(Substring("[KDE]\nAnimationDurationFactor=\(value)\n")) else {
            Issue.record("\(value) was taken"); return
        }
        #expect(why.hasPrefix("AnimationDurationFactor=\(value) is not 0 nor a factor"))
    }
}
