import Foundation
import Gestures
import Testing
@testable import AnimProtocol

/// `input.inject` decodes events from the parsed request (`InputEvent(wire:)`); traces decode through Codable.
/// Both apply `init(fields:)`, and must agree on every event and every refusal.
@Suite struct InputEventWireTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("GesturesTests/Traces")

    /// Each way's event, or its refusal as the text a client would read.
    static func both(_ line: String) -> (wire: Result<InputEvent, Refusal>, codable: Result<InputEvent, Refusal>) {
        let wire: Result<InputEvent, Refusal>
        if let value = try? JSONParser.parse(Array(line.utf8)) {
            do throws(InputEventError) { wire = .success(try InputEvent(wire: value)) } catch { wire = .failure(Refusal(text: error.description)) }
        } else {
            wire = .failure(Refusal(text: "not JSON"))
        }
        let codable: Result<InputEvent, Refusal>
        do { codable = .success(try JSONDecoder().decode(InputEvent.self, from: Data(line.utf8))) } catch {
            codable = .failure(Refusal(text: Trace.describe(error)))
        }
        return (wire, codable)
    }

    struct Refusal: Error, Equatable { let text: String }

    /// Every event of every trace fixture decodes to the same value both ways.
    @Test func tracesDecodeTheSameWay() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.traces.path).filter { $0.hasSuffix(".jsonl") }
        #expect(files.count >= 10)
        var count = 0
        for file in files {
            for line in try String(contentsOf: Self.traces.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
                where !line.hasPrefix("#") {
                let (wire, codable) = Self.both(String(line))
                #expect(try wire.get() == codable.get(), "\(file): \(line)")
                count += 1
            }
        }
        #expect(count > 500)
    }

    /// Refusals read the same: a missing field, a wrong type, a value out of range, an unknown kind, a fractional id.
    @Test(arguments: [
        #"{"t":0,"kind":"touch-down","x":1,"y":1}"#, #"{"t":"0","kind":"touch-down","id":1,"x":1,"y":1}"#,
        #"{"t":0,"kind":"touch-down","id":1,"x":2e6,"y":1}"#, #"{"t":0,"kind":"wiggle","x":1,"y":1}"#,
        #"{"t":0,"kind":"touch-down","id":1.5,"x":1,"y":1}"#, #"{"t":0,"kind":"swipe-update","fingers":11,"dx":0,"dy":0,"x":0,"y":0}"#,
        #"{"t":0,"kind":"pressure-begin","edge":"middle","x":0,"y":0}"#, #"{"t":0,"kind":"swipe-end","cancelled":1,"x":0,"y":0}"#,
        #"{"t":0,"kind":"button-down","button":0,"x":0,"y":0}"#, #"{"t":1e8,"kind":"pointer-move","x":0,"y":0}"#,
    ])
    func refusalsMatch(_ line: String) {
        let (wire, codable) = Self.both(line)
        guard case let .failure(wireRefusal) = wire, case let .failure(codableRefusal) = codable else {
            Issue.record("both must refuse \(line): \(wire) / \(codable)")
            return
        }
        #expect(wireRefusal == codableRefusal, "\(line)")
    }
}
