import Foundation
import Testing

/// The udev rule animd ships (udev/70-animd-touch.rules) tags the mocked touchscreen, touchpad and tablet-mode switch
/// with uaccess, by the udev properties and parent attributes their descriptions carry (Tests/LibinputFixtures), and
/// no keyboard, mouse or lid switch.
struct UdevRuleTests {
    /// A device as udev's rule matching sees it: the kernel name, the properties (SUBSYSTEM among them), and its
    /// parent's sysfs attributes (what ATTRS matches).
    struct Device {
        var kernel: String
        var properties: [String: String]
        var parentAttributes: [String: String] = [:]
    }

    /// The event node of a .umockdev description: its first block.
    static func mocked(_ name: String) throws -> Device {
        let text = try String(contentsOf: Binaries.repo.appendingPathComponent("Tests/LibinputFixtures/\(name).umockdev"), encoding: .utf8)
        let blocks = text.components(separatedBy: "\n\n")
        var device = Device(kernel: "", properties: [:])
        func entry(_ line: Substring) -> (String, String)? {
            guard let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[line.index(line.startIndex, offsetBy: 3)..<equals]), String(line[line.index(after: equals)...]))
        }
        for line in blocks[0].split(separator: "\n") {
            if line.hasPrefix("N: ") { device.kernel = String(line.dropFirst(3).split(separator: "/").last ?? "") }
            if line.hasPrefix("E: "), let (key, value) = entry(line) { device.properties[key] = value }
        }
        for line in blocks.dropFirst().first?.split(separator: "\n") ?? [] where line.hasPrefix("A: ") {
            if let (key, value) = entry(line) { device.parentAttributes[key] = value }
        }
        return device
    }

    /// The tags the rule file adds to `device` on "add": each rule's match keys (==, !=, with * globs) against the
    /// device, then its TAG+= assignments.
    static func tags(_ device: Device) throws -> [String] {
        let rules = try String(contentsOf: Binaries.repo.appendingPathComponent("udev/70-animd-touch.rules"), encoding: .utf8)
        var tags: [String] = []
        for line in rules.split(separator: "\n") where !line.hasPrefix("#") && !line.allSatisfy(\.isWhitespace) {
            var matches = true
            var added: [String] = []
            for term in line.components(separatedBy: ", ") {
                let op = term.contains("==") ? "==" : term.contains("!=") ? "!=" : term.contains("+=") ? "+=" : "="
                let parts = term.components(separatedBy: op)
                let key = parts[0], value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                if op == "+=" {
                    if key == "TAG" { added.append(value) }
                    continue
                }
                let actual: String? = switch key {
                case "ACTION": "add"
                case "KERNEL": device.kernel
                case "SUBSYSTEM": device.properties["SUBSYSTEM"]
                default:
                    key.hasPrefix("ENV{") ? device.properties[String(key.dropFirst(4).dropLast())]
                        : key.hasPrefix("ATTRS{") ? device.parentAttributes[String(key.dropFirst(6).dropLast())] : nil
                }
                let equal = actual.map { fnmatch(value, $0, 0) == 0 } ?? false
                if (op == "==") != equal { matches = false }
            }
            if matches { tags += added }
        }
        return tags
    }

    @Test func tagsTouchscreensTouchpadsAndTabletModeSwitchesOnly() throws {
        #expect(try Self.tags(Self.mocked("touchscreen")) == ["uaccess"])
        #expect(try Self.tags(Self.mocked("touchpad")) == ["uaccess"])
        #expect(try Self.tags(Self.mocked("tablet-switch")) == ["uaccess"])
        let switchProperties = ["SUBSYSTEM": "input", "ID_INPUT": "1", "ID_INPUT_SWITCH": "1"]
        let lid = Device(kernel: "event0", properties: switchProperties, parentAttributes: ["capabilities/sw": "1"])
        let jack = Device(kernel: "event9", properties: switchProperties, parentAttributes: ["capabilities/sw": "3d4"])
        let both = Device(kernel: "event1", properties: switchProperties, parentAttributes: ["capabilities/sw": "3"])
        #expect(try Self.tags(lid).isEmpty && Self.tags(jack).isEmpty, "a lid or a jack stays closed")
        #expect(try Self.tags(both) == ["uaccess"], "a lid and tablet-mode switch in one device")
        let keyboard = Device(kernel: "event3", properties: ["SUBSYSTEM": "input", "ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_KEYBOARD": "1"])
        let mouse = Device(kernel: "event4", properties: ["SUBSYSTEM": "input", "ID_INPUT": "1", "ID_INPUT_MOUSE": "1"])
        let touchscreenInput = Device(kernel: "input50", properties: ["SUBSYSTEM": "input", "ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"])
        #expect(try Self.tags(keyboard).isEmpty)
        #expect(try Self.tags(mouse).isEmpty)
        #expect(try Self.tags(touchscreenInput).isEmpty, "only event nodes, not the parent input device")
    }
}
