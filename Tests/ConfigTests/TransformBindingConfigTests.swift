import Foundation
import Gestures
import Testing
import Transitions

@testable import AnimConfig

/// `gesture = "pinch"` and `gesture = "rotate"` (issue 45), written as a user writes them over the default config:
/// what the reader makes of each key, and what it refuses, in whose words.
@Suite struct TransformBindingConfigTests {
    static func binding(_ body: String) throws -> BindingConfig {
        let config = try ConfigSchemaTests.read("[bindings.b]\ntransition = \"sidebar\"\n" + body)
        return try #require(config.bindings.first { $0.name == "b" })
    }

    static func messages(_ body: String) -> [String] {
        ConfigSchemaTests.errors("[bindings.b]\ntransition = \"sidebar\"\n" + body).map { "\($0.key): \($0.message)" }
    }

    /// A pinch in with its defaults: 2 to 5 fingers, factor 2, a slop of ln 1.15, touch and pressure as every binding's
    /// sources; its distance is a finger's travel for 1 at the hand's radius, 65 · ln 2 px.
    @Test func aPinchWithItsDefaults() throws {
        let pinch = try Self.binding("gesture = \"pinch\"\nincreases = \"in\"\n")
        guard case let .transform(transform, region) = pinch.gesture else {
            Issue.record("not a transform: \(pinch.gesture)"); return
        }
        #expect(transform.kind == .pinch(closing: true, factor: 2) && region == nil)
        #expect(transform.options == TransformOptions(slop: TransformOptions.scaleSlop, minTouches: 2, maxTouches: 5))
        #expect(abs(TransformOptions.scaleSlop - log(1.15)) < 1e-15)
        #expect(abs(pinch.distance - 65 * log(2)) < 1e-12)
    }

    /// Every key of a rotation, and a pinch out on the touchpad with its own factor and slop.
    @Test func everyKeyIsRead() throws {
        let rotate = try Self.binding(
            """
            gesture = "rotate"
            increases = "counter-clockwise"
            angle = 180
            angle-slop = 5
            min-touches = 3
            max-touches = 4
            output = "HDMI-1"
            """)
        guard case let .transform(turn, region) = rotate.gesture else { Issue.record("not a transform"); return }
        #expect(turn.kind == .rotate(clockwise: false, angle: 180) && region == .output("HDMI-1"))
        #expect(turn.options == TransformOptions(slop: 5, minTouches: 3, maxTouches: 4))
        #expect(abs(rotate.distance - 65 * .pi) < 1e-9)

        let pinch = try Self.binding(
            "gesture = \"pinch\"\nincreases = \"out\"\nfactor = 3\nscale-slop = 0.3\nsources = [\"touchpad\"]\n")
        guard case let .transform(out, _) = pinch.gesture else { Issue.record("not a transform"); return }
        #expect(
            out.kind == .pinch(closing: false, factor: 3) && abs(out.options.slop - log(1.3)) < 1e-12
                && pinch.sources == [.touchpad])
    }

    /// What the reader refuses, at the key, in words that say what to write instead.
    @Test func mistakesAreNamed() {
        #expect(
            Self.messages("gesture = \"pinch\"\n") == [
                "bindings.b.increases: is required for a pinch: \"in\" or \"out\""
            ])
        #expect(
            Self.messages("gesture = \"rotate\"\nincreases = \"in\"\n")
                == ["bindings.b.increases: a rotation's must be \"clockwise\" or \"counter-clockwise\", not \"in\""])
        #expect(
            Self.messages("gesture = \"pan\"\nincreases = \"out\"\ndistance = 300\n")
                == ["bindings.b.increases: a pan's must be \"left\", \"right\", \"up\" or \"down\", not \"out\""])
        #expect(
            Self.messages("gesture = \"pinch\"\nincreases = \"in\"\nmin-touches = 1\n").first?.contains(
                "takes 2 to 5 fingers") == true)
        #expect(
            Self.messages("gesture = \"pinch\"\nincreases = \"in\"\nmax-touches = 6\n").first?.contains(
                "takes 2 to 5 fingers") == true)
        #expect(
            Self.messages("gesture = \"pinch\"\nincreases = \"in\"\noutput = \"A\"\nregion = [0, 0, 10, 10]\n")
                == ["bindings.b.output: a pinch has one place: region or output, not both"])
        #expect(
            Self.messages("gesture = \"pinch\"\nincreases = \"in\"\ndistance = 300\n").first?.hasPrefix(
                "bindings.b.distance: unknown key") == true)
        #expect(
            Self.messages("gesture = \"pinch\"\nincreases = \"in\"\nfactor = 1\n").first?.contains(
                "between 1.05 and 100") == true)
    }

    /// Issue 57: a touch count out of range is reported at its own key's line and column (it was reported at line
    /// 1, column 1, against min-touches), and a list of sources the gesture can read none of is refused where it is (a pinch
    /// with `sources = ["pressure"]` loaded, and nothing could ever begin it).
    @Test func touchCountsAndSourcesAreRefusedAtTheirKeys() {
        let head = "[bindings.b]\ntransition = \"sidebar\"\ngesture = \"pinch\"\nincreases = \"in\"\n"
        let tooMany = ConfigSchemaTests.errors(head + "max-touches = 6\n")
        #expect(tooMany.map { "\($0.key) \($0.line):\($0.column)" } == ["bindings.b.max-touches 5:15"], "\(tooMany)")
        #expect(tooMany.first?.message == "a pinch takes 2 to 5 fingers: max-touches must be 2 to 5, got 6")
        let tooFew = ConfigSchemaTests.errors(head + "min-touches = 1\n")
        #expect(tooFew.map { "\($0.key) \($0.line):\($0.column)" } == ["bindings.b.min-touches 5:15"], "\(tooFew)")
        for source in ["pressure", "pointer"] {
            let refused = ConfigSchemaTests.errors(head + "sources = [\"\(source)\"]\n")
            #expect(refused.map { "\($0.key) \($0.line)" } == ["bindings.b.sources 5"], "\(refused)")
            #expect(
                refused.first?.message
                    == "a pinch can read none of these, and would never begin: it reads \"touch\", \"touchpad\"")
        }
        #expect(
            Self.messages("gesture = \"pinch\"\nincreases = \"in\"\nsources = [\"touch\", \"pressure\"]\n").isEmpty,
            "a source it cannot read beside one it can is passed over, as the default's pressure is for a pan")
        #expect(
            Self.messages("gesture = \"rotate\"\nincreases = \"clockwise\"\nsources = [\"pressure\", \"pointer\"]\n")
                == [
                    "bindings.b.sources: a rotate can read none of these, and would never begin: it reads \"touch\", \"touchpad\""
                ])
        #expect(
            Self.messages("gesture = \"long-press\"\nsources = [\"pointer\"]\n")
                == [
                    "bindings.b.sources: a long-press can read none of these, and would never begin: it reads \"touch\""
                ])
        #expect(
            Self.messages("gesture = \"pan\"\nincreases = \"up\"\ndistance = 100\nsources = [\"pressure\"]\n")
                == [
                    "bindings.b.sources: a pan can read none of these, and would never begin: it reads \"touch\", \"pointer\", \"touchpad\""
                ])
        #expect(
            Self.messages(
                "gesture = \"edge-pan\"\nedge = \"left\"\nincreases = \"right\"\ndistance = 100\nsources = [\"touchpad\"]\n"
            )
                == [
                    "bindings.b.sources: an edge-pan can read none of these, and would never begin: it reads \"touch\", \"pointer\", \"pressure\""
                ])
    }
}
