import Foundation
import Gestures
import JSONText
import Testing

@testable import AnimProtocol

/// An input event's one codec (`InputEvent(wire:)`, `writeJSON`), for `input.inject`, traces and `input.event`.
@Suite struct InputEventWireTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("GesturesTests/Traces")

    /// Every event of every trace fixture is read, written, and read back to the same event; what is written has
    /// the protocol's key order (`t`, `kind`, the kind's fields, `x`, `y`) and every field the kind has, defaults
    /// included.
    @Test func tracesRoundTrip() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.traces.path).filter {
            $0.hasSuffix(".jsonl")
        }
        #expect(files.count >= 10)
        var count = 0
        for file in files {
            let text = try String(contentsOf: Self.traces.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let json = try #require(try? JSONParser.parse(Array(line.utf8)))
                let event = try InputEvent(wire: json)
                let written = event.jsonText
                let parsed = try #require(try? JSONParser.parse(Array(written.utf8)))
                #expect(try InputEvent(wire: parsed) == event, "\(file): \(written)")
                let keys = parsed.objectMembers?.map(\.0) ?? []
                #expect(
                    keys.first == "t" && keys.dropFirst().first == "kind" && keys.suffix(2) == ["x", "y"], "\(written)")
                for (key, value) in json.objectMembers ?? [] {
                    #expect(parsed[key] == value, "\(file): \(key) was \(JSONWriter.string(value)), written \(written)")
                }
                count += 1
            }
        }
        #expect(count > 500)
    }

    /// Each kind, with every field it has, written and read back; numbers keep their exact value.
    @Test func everyKindRoundTrips() throws {
        let at = Point(x: -0.5, y: 1e-7)
        let events = [
            InputEvent(time: 0.0083, kind: .touchDown(id: 7), location: at),
            InputEvent(time: 1, kind: .touchMove(id: 7), location: at),
            InputEvent(time: 1, kind: .touchUp(id: 7), location: at),
            InputEvent(time: 1, kind: .touchCancel(id: 7), location: at),
            InputEvent(time: 1, kind: .pointerMove, location: at),
            InputEvent(time: 1, kind: .buttonDown(button: 3), location: at),
            InputEvent(time: 1, kind: .buttonUp(button: 3), location: at),
            InputEvent(time: 1, kind: .swipeBegin(fingers: 4), location: at),
            InputEvent(time: 1, kind: .swipeUpdate(fingers: 4, delta: Point(x: 0.1, y: -2)), location: at),
            InputEvent(time: 1, kind: .swipeEnd(fingers: 4, cancelled: true), location: at),
            InputEvent(time: 1, kind: .pressureBegin(edge: .bottom), location: at),
            InputEvent(time: 1, kind: .pressureUpdate(edge: .bottom, push: 12.5), location: at),
            InputEvent(time: 1, kind: .pressureEnd(edge: .bottom, cancelled: false), location: at),
            InputEvent(time: 1, kind: .pinchBegin(fingers: 2), location: at),
            InputEvent(
                time: 1, kind: .pinchUpdate(fingers: 2, delta: Point(x: 1, y: 1), scale: 0.75, rotation: -12.25),
                location: at),
            InputEvent(time: 1, kind: .pinchEnd(fingers: 2, cancelled: false), location: at),
            InputEvent(time: 1, kind: .holdBegin(fingers: 3), location: at),
            InputEvent(time: 1, kind: .holdEnd(fingers: 3, cancelled: true), location: at),
        ]
        #expect(Set(events.map(\.kindName)) == Set(InputEvent.kindNames), "every kind is here")
        #expect(try Trace.decode(Trace.encode(events)) == events)
        #expect(events[0].jsonText == #"{"t":0.0083,"kind":"touch-down","id":7,"x":-0.5,"y":1e-07}"#)
    }

    /// Refusals name the field: a missing field, a wrong type, a value out of range, an unknown kind, a fractional id.
    @Test(arguments: [
        (#"{"t":0,"kind":"touch-down","x":1,"y":1}"#, #"missing field "id""#),
        (#"{"t":"0","kind":"touch-down","id":1,"x":1,"y":1}"#, #"field "t" has the wrong type"#),
        (#"{"t":0,"kind":"touch-down","id":1,"x":2e6,"y":1}"#, #"field "x": x must be a number from"#),
        (#"{"t":0,"kind":"wiggle","x":1,"y":1}"#, #"field "kind": unknown kind "wiggle""#),
        (#"{"t":0,"kind":"touch-down","id":1.5,"x":1,"y":1}"#, #"field "id" has the wrong type"#),
        (#"{"t":0,"kind":"swipe-update","fingers":11,"dx":0,"dy":0,"x":0,"y":0}"#, #"field "fingers""#),
        (#"{"t":0,"kind":"pressure-begin","edge":"middle","x":0,"y":0}"#, #"field "edge""#),
        (#"{"t":0,"kind":"swipe-end","cancelled":1,"x":0,"y":0}"#, #"field "cancelled" has the wrong type"#),
        (#"{"t":0,"kind":"button-down","button":0,"x":0,"y":0}"#, #"field "button""#),
        (#"{"t":1e8,"kind":"pointer-move","x":0,"y":0}"#, #"field "t""#),
        (#"[1,2]"#, "an input event must be a JSON object"),
        (#"{"t":0,"#, "not valid JSON"),
    ])
    func refusalsNameTheField(line: String, reason: String) {
        do {
            _ = try Trace.decode(line)
            Issue.record("\(line) was read")
        } catch {
            #expect(error.message.contains(reason), "\(line): \(error.message)")
        }
    }
}
