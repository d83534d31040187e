import Foundation
import Glibc
import Testing

/// The udev rule animd ships (udev/70-animd-touch.rules), run by udev itself: `udevadm test` over devices mocked by
/// umockdev (Tests/LibinputFixtures), with the rule in a private `/etc/udev/rules.d`, so that udev's own `input_id`
/// works out each device's kind from its capabilities. And the package's trigger (debian/animd.postinst), run dry
/// over the same devices: the nodes it tells udev about again once the package is installed.
@Suite(.enabled(if: MockedUdev.canRun, "needs root, unshare, umockdev-run and udevadm (scripts/install-deps.sh)"))
struct UdevRuleTests {
    static let devices = ["touchscreen", "touchpad", "tablet-switch", "hotkey-switch", "keyboard", "lid-switch"]

    /// Runs `script` in a mount namespace of its own where `/etc/udev/rules.d` holds `rule` (nothing when nil),
    /// inside umockdev's world of `devices`; returns what it printed.
    static func inMockedWorld(rule: String?, devices: [String] = devices, _ script: String) throws -> String {
        let folder = try DaemonProcess.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/rules", withIntermediateDirectories: true)
        if let rule {
            try rule.write(toFile: folder + "/rules/70-animd-touch.rules", atomically: true, encoding: .utf8)
        }
        let fixtures = devices.flatMap {
            ["--device", Binaries.repo.appendingPathComponent("Tests/LibinputFixtures/\($0).umockdev").path]
        }
        let inner = (["/usr/bin/umockdev-run"] + fixtures + ["--", "/bin/sh", "-c", script]).map {
            "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'"
        }
        let run = try runTool(
            "/usr/bin/unshare",
            [
                "-m", "--propagation", "private", "/bin/sh", "-c",
                "mount --bind \(folder)/rules /etc/udev/rules.d && exec \(inner.joined(separator: " "))",
            ])
        guard run.status == 0 else { throw HarnessError("the mocked world failed (\(run.status)): \(run.output)") }
        return run.output
    }

    /// The tags udev gives each mocked device's node on "add" with `rule` in force, by the device's name in its
    /// description (`NAME=`).
    static func tags(rule: String?) throws -> [String: Set<String>] {
        let output = try inMockedWorld(
            rule: rule,
            """
            for node in /sys/devices/virtual/input/input*/event*; do
                echo "device $(cat $(dirname $node)/name)"
                udevadm test --action=add "$node" 2>/dev/null | grep '^CURRENT_TAGS='
            done
            """)
        var tags: [String: Set<String>] = [:], device = ""
        for line in output.split(separator: "\n") {
            if line.hasPrefix("device ") { device = String(line.dropFirst("device animd test ".count)) }
            if line.hasPrefix("CURRENT_TAGS=") {
                tags[device] = Set(line.dropFirst("CURRENT_TAGS=".count).split(separator: ":").map(String.init))
            }
        }
        return tags
    }

    static var rule: String {
        (try? String(contentsOf: Binaries.repo.appendingPathComponent("udev/70-animd-touch.rules"), encoding: .utf8))
            ?? ""
    }

    /// Touchscreens, touchpads and tablet-mode switches get `uaccess`; a switch that also carries keys (a laptop's
    /// extra buttons, issue 58: tagged before), a keyboard and a lid switch do not. Without the rule, none does.
    @Test func tagsTouchscreensTouchpadsAndTabletModeSwitchesOnly() throws {
        let tagged = try Self.tags(rule: Self.rule)
        #expect(tagged.count == Self.devices.count, "\(tagged)")
        for (device, tags) in tagged {
            let expected = ["touchscreen", "touchpad", "tablet-mode switch"].contains(device)
            #expect(tags.contains("uaccess") == expected, "\(device): \(tags.sorted())")
        }
        let without = try Self.tags(rule: nil)
        #expect(without.values.allSatisfy { !$0.contains("uaccess") }, "\(without)")
    }

    /// A file of the same name in /etc that is empty (or a link to /dev/null), as docs/security.md says to turn it
    /// off, hides the rule: nothing is tagged.
    @Test func anEmptyFileInEtcTurnsItOff() throws {
        let tagged = try Self.tags(rule: "")
        #expect(tagged.values.allSatisfy { !$0.contains("uaccess") }, "\(tagged)")
    }

    /// The package's postinst and postrm tell udev again about the nodes the rule may match, the devices already
    /// plugged in: run dry, the trigger names the touchscreen's, the touchpad's and the switches' event nodes (the
    /// rule then decides), not the keyboard's, nor any parent input device.
    @Test func thePackagesTriggerTellsUdevAboutTheDevicesThatMayMatch() throws {
        for script in ["debian/animd.postinst", "debian/animd.postrm"] {
            let text = try String(contentsOf: Binaries.repo.appendingPathComponent(script), encoding: .utf8)
            let trigger = try #require(
                text.split(separator: "\n").first { $0.contains("udevadm trigger") }, "\(script) runs udevadm trigger")
            let command = trigger.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " || true", with: "")
                .replacingOccurrences(of: "udevadm trigger", with: "udevadm trigger --dry-run --verbose")
            let output = try Self.inMockedWorld(
                rule: Self.rule, command + #" | while read -r node; do echo "$(cat "$(dirname "$node")/name")"; done"#)
            let told = Set(output.split(separator: "\n").map { String($0.dropFirst("animd test ".count)) })
            #expect(
                told == ["touchscreen", "touchpad", "tablet-mode switch", "extra buttons", "lid switch"],
                "\(script): \(told.sorted())")
        }
    }
}

/// What running udev over mocked devices needs: a mount namespace of its own (root), umockdev and udevadm.
enum MockedUdev {
    static var canRun: Bool {
        getuid() == 0
            && ["/usr/bin/umockdev-run", "/usr/bin/unshare", "/usr/bin/udevadm"].allSatisfy {
                FileManager.default.isExecutableFile(atPath: $0)
            }
    }
}
