import AnimProtocol
import Foundation
import Testing

@testable import Gestures

/// Loads the generated fixtures (scripts/generate-traces.py).
enum TraceFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Traces")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name + ".jsonl"), encoding: .utf8)
    }

    static func events(_ name: String) throws -> [InputEvent] { try Trace.decode(text(name)) }

    /// The true release velocity the generator wrote in the trace's comment line.
    static func trueVelocity(_ name: String) throws -> Double {
        let header = try #require(try text(name).split(separator: "\n").first)
        let words = header.split(separator: " ")
        let index = try #require(words.firstIndex(of: "velocity"))
        return try #require(Double(words[index + 1]))
    }

    static func run(
        _ name: String, _ recognizers: [RecognizerSpec], geometry: ScreenGeometry = .fallback,
        shouldBegin: (BeginRequest) -> Bool = { _ in true }
    ) throws -> [ArenaOutput] {
        var arena = GestureArena(recognizers: recognizers, geometry: geometry)
        return try events(name).flatMap { arena.handle($0, shouldBegin: shouldBegin) }
    }
}

extension [ArenaOutput] {
    var updates: [GestureUpdate] {
        compactMap { if case let .gesture(update) = $0 { update } else { nil } }
    }

    func states(of name: String) -> [RecognizerState] { updates.filter { $0.name == name }.map(\.state) }

    var claims: Int { filter { if case .claimed = $0 { true } else { false } }.count }
    var releases: Int { filter { if case .released = $0 { true } else { false } }.count }
}

extension RecognizerSpec {
    static func edge(_ edge: Edge, name: String? = nil) -> RecognizerSpec {
        RecognizerSpec(name: name ?? "\(edge)-edge", kind: .edgePan(EdgePanOptions(edge: edge)))
    }
}
