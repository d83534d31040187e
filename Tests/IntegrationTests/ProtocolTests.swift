import AnimClient
import AnimProtocol
import Foundation
import JSONText
import Testing

/// Every method and every error code of PROTOCOL.md, against a real animd over its real socket.
@Suite(.serialized) struct ProtocolTests {
    /// Every method answers with the result shape the contract names.
    @Test func everyMethodAnswers() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        let hello = try rpc.ok("daemon.hello")
        #expect(
            hello["name"] == "animd" && hello["protocol"] == 1
                && hello["pid"]?.integer == Int(daemon.process.processIdentifier))
        #expect(hello["frameRate"] == 60 && hello["input"]?["backend"] == "x11")
        #expect(try rpc.ok("daemon.reload") == .object([]))
        #expect(
            try rpc.ok("transition.list")["transitions"]?.array?.compactMap { $0["name"]?.string }
                == ["sidebar", "panel", "launcher", "notifications", "pager", "overview"])
        let sidebar = try rpc.ok("transition.get", ["name": "sidebar"])
        #expect(sidebar["phase"] == "idle" && sidebar["snapPoints"] == [0, 1] && sidebar["seq"] == 0)
        let subscription = try rpc.ok("subscribe", ["transitions": ["panel"]])
        #expect(subscription["transitions"]?.array?.count == 1)
        let id = try #require(subscription["subscription"]?.integer)
        #expect(try rpc.ok("unsubscribe", ["subscription": .number(Double(id))]) == .object([]))
        #expect(try rpc.ok("transition.toggle", ["name": "sidebar"]) == .object([]))
        #expect(
            try rpc.ok("transition.animate", ["name": "pager", "to": 2, "timing": "ease-out", "duration": 0.2])
                == .object([]))
        #expect(try rpc.ok("transition.begin", ["name": "panel", "to": 1]) == .object([]))
        #expect(try rpc.ok("transition.scrub", ["name": "panel", "fraction": 0.3]) == .object([]))
        #expect(try rpc.ok("transition.get", ["name": "panel"])["progress"] == 0.3)
        #expect(
            try rpc.ok("transition.continue", ["name": "panel", "timing": "linear", "durationFactor": 2]) == .object([])
        )
        #expect(try rpc.ok("transition.pause", ["name": "panel"]) == .object([]))
        #expect(try rpc.ok("transition.reverse", ["name": "panel"]) == .object([]))
        #expect(try rpc.ok("transition.resume", ["name": "panel"]) == .object([]))
        #expect(try rpc.ok("transition.get", ["name": "panel"])["target"] == 0)
        #expect(try rpc.ok("transition.stop", ["name": "panel"]) == .object([]))
        #expect(try rpc.ok("transition.get", ["name": "panel"])["phase"] == "stopped")
        #expect(try rpc.ok("transition.finish", ["name": "panel", "at": "end"]) == .object([]))
        #expect(try rpc.ok("transition.get", ["name": "panel"])["snap"] == 1)
        #expect(try rpc.ok("transition.begin", ["name": "launcher", "to": 1]) == .object([]))
        #expect(try rpc.ok("transition.release", ["name": "launcher", "velocity": 3]) == ["to": 1])
        #expect(try rpc.ok("transition.stop", ["name": "launcher", "withoutFinishing": true]) == .object([]))
        #expect(
            try rpc.ok("input.inject", ["events": [["t": 0, "kind": "pointer-move", "x": 5, "y": 5]]]) == [
                "accepted": 1
            ])
    }

    /// Each error code of the contract comes back where the contract says.
    @Test func everyErrorCode() throws {
        let daemon = try DaemonProcess(
            config: """
                [daemon]
                max-subscriptions = 2
                [transitions.sidebar]
                """)
        let rpc = try daemon.connect()
        try rpc.send(raw: "this is not json")
        #expect(try rpc.readJSON()["error"]?["code"] == -32700)
        try rpc.send(raw: "[]")
        #expect(try rpc.readJSON()["error"]?["code"] == -32600)
        try rpc.send(raw: "[1, 2, 3]")
        let batch = try rpc.readJSON().array ?? []
        #expect(
            batch.count == 3 && batch.allSatisfy { $0["error"]?["code"] == -32600 },
            "a batch of three that are not requests")
        try rpc.send(raw: #"{"jsonrpc":"1.0","id":7,"method":"daemon.hello"}"#)
        let wrongVersion = try rpc.readJSON()
        #expect(wrongVersion["error"]?["code"] == -32600 && wrongVersion["id"] == 7)
        #expect(try rpc.failing("transition.fly").code == -32601)
        #expect(try rpc.failing("transition.toggle").code == -32602)
        #expect(try rpc.failing("transition.toggle", ["name": 5]).code == -32602)
        #expect(try rpc.failing("transition.scrub", ["name": "sidebar", "fraction": 2]).code == -32602)
        #expect(
            try rpc.failing("transition.toggle", ["name": "sidebar", "nmae": "x"]).message.contains(
                "unknown parameter \"nmae\""))
        #expect(
            try rpc.failing("transition.animate", ["name": "sidebar", "to": 1, "timing": "eese"]).message.contains(
                "unknown timing"))
        #expect(try rpc.failing("transition.toggle", ["name": "nope"]).code == -32001)
        #expect(try rpc.failing("transition.finish", ["name": "sidebar", "at": "end"]).code == -32002)
        try "[transitions.sidebar]\nsnap-points = [0]\n".write(
            toFile: daemon.folder + "/animd.toml", atomically: true, encoding: .utf8)
        let invalid = try rpc.failing("daemon.reload")
        #expect(invalid.code == -32003)
        let first = try #require(invalid.data?["errors"]?.array?.first)
        // The value's column: `snap-points = ` is 14 characters.
        #expect(first["line"] == 2 && first["column"] == 15 && first["key"] == "transitions.sidebar.snap-points")
        #expect(first["file"] == .string(daemon.folder + "/animd.toml"))
        _ = try rpc.ok("subscribe")
        _ = try rpc.ok("subscribe")
        #expect(try rpc.failing("subscribe").code == -32004)
    }

    /// A malformed line gets an error with id null, and the same connection keeps working.
    @Test func malformedThenValidOnSameConnection() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        try rpc.send(raw: #"{"jsonrpc":"2.0","id":1,"method":"#)
        let error = try rpc.readJSON()
        #expect(error["id"] == .null && error["error"]?["code"] == -32700)
        #expect(try rpc.ok("daemon.hello")["name"] == "animd")
    }

    /// A line over 65,536 bytes is refused with -32600 "message too large" and the connection is closed; others are unaffected.
    @Test func oversizedLineClosesTheConnection() throws {
        let daemon = try DaemonProcess()
        let bystander = try daemon.connect()
        let rpc = try daemon.connect()
        try rpc.send(bytes: Array(repeating: UInt8(ascii: "a"), count: 70_000))
        let error = try rpc.readJSON()
        #expect(error["error"]?["code"] == -32600)
        #expect(error["error"]?["message"]?.string?.contains("message too large") == true)
        #expect(try rpc.readLine(timeout: 10) == nil)
        #expect(try bystander.ok("daemon.hello")["name"] == "animd")
    }

    /// A line of exactly 65,536 bytes is accepted (it is not valid JSON here, so it is a parse error, not a close).
    @Test func lineAtTheLimitIsAccepted() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        try rpc.send(
            bytes: Array(repeating: UInt8(ascii: " "), count: 65_535) + [UInt8(ascii: "x"), UInt8(ascii: "\n")])
        #expect(try rpc.readJSON()["error"]?["code"] == -32700)
        #expect(try rpc.ok("daemon.hello")["name"] == "animd")
    }

    /// A notification (no id) is carried out and not answered.
    @Test func notificationsAreNotAnswered() throws {
        let daemon = try DaemonProcess()
        let rpc = try daemon.connect()
        try rpc.send(raw: #"{"jsonrpc":"2.0","method":"transition.toggle","params":{"name":"sidebar"}}"#)
        #expect(try rpc.ok("transition.get", ["name": "sidebar"])["phase"] == "animating")
    }
}

extension RPCConnection {
    /// The next line as JSON, whatever it is.
    func readJSON(timeout: Double = 10) throws -> JSONValue {
        guard let line = try readLine(timeout: timeout) else { throw HarnessError("connection closed") }
        guard let value = (try? JSONParser.parse(line)) else {
            throw HarnessError("not JSON: \(String(decoding: line, as: UTF8.self))")
        }
        return value
    }
}
