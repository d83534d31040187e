import Gestures
import Testing
import Transitions

@testable import AnimConfig

/// An edge pan's `output` and `span` as a user writes them: read onto the recognizer, checked where they enter, and
/// two edge pans on different parts of one edge not warned about.
@Suite struct EdgePlacementConfigTests {
    static func options(_ keys: String) throws -> EdgePanOptions? {
        let config = try ConfigLayeringTests.load("[bindings.sidebar-open]\n" + keys).config
        guard case let .edgePan(options)? = config.bindings.first(where: { $0.name == "sidebar-open" })?.gesture else {
            return nil
        }
        return options
    }

    @Test func keysAreReadOntoTheEdgePan() throws {
        #expect(
            try Self.options(#"output = "HDMI-1""# + "\nspan = [0.25, 0.75]")?.placement
                == EdgePlacement(output: "HDMI-1", span: 0.25...0.75))
        #expect(try Self.options("")?.placement == EdgePlacement(), "unless told, every monitor's whole edge")
    }

    @Test(arguments: [
        ("span = [0.75, 0.25]", "bindings.sidebar-open.span"), ("span = [0, 1.5]", "bindings.sidebar-open.span"),
        ("span = [0.5]", "bindings.sidebar-open.span"), ("span = [-0.0, 1e308]", "bindings.sidebar-open.span"),
        ("span = [0.3, 0.3]", "bindings.sidebar-open.span"), (#"span = ["a", "b"]"#, "bindings.sidebar-open.span"),
        (#"output = """#, "bindings.sidebar-open.output"), ("output = 2", "bindings.sidebar-open.output"),
    ])
    func mistakesAreNamed(keys: String, key: String) {
        let errors = ConfigLayeringTests.errors("[bindings.sidebar-open]\n" + keys)
        #expect(errors.map(\.key) == [key], "\(errors)")
    }

    /// The same edge split in two halves, or on two monitors: no overlap warning. Halves that meet do get it.
    @Test func differentPartsOfAnEdgeAreNoOverlap() throws {
        func warnings(_ first: String, _ second: String) throws -> [String] {
            try ConfigLayeringTests.load(
                """
                [bindings.sidebar-open]
                \(first)
                [bindings.other-half]
                transition = "panel"
                gesture = "edge-pan"
                edge = "left"
                distance = 300
                \(second)
                """
            ).warnings
        }
        #expect(try warnings("span = [0, 0.5]", "span = [0.5, 1]").isEmpty)
        #expect(try warnings(#"output = "A""#, #"output = "B""#).isEmpty)
        #expect(try warnings("span = [0, 0.6]", "span = [0.5, 1]").count == 1)
    }
}
