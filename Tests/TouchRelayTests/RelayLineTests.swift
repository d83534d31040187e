import Testing
import TouchRelay

/// The lines the relay and animd trade: each message reads back as itself, and a bad line reads as nothing.
struct RelayLineTests {
    @Test func messagesReadBackAsThemselves() {
        let messages: [RelayMessage] = [
            .axes(
                x: AxisInfo(code: Evdev.mtPositionX, minimum: 0, maximum: 4095),
                y: AxisInfo(code: Evdev.mtPositionY, minimum: -5, maximum: 300)),
            .waiting, .taken(twin: "ELAN touch (animd twin)"), .refused("cannot open /dev/uinput: Permission denied"),
            .resync,
            .report(.down(id: 4_000_000_000, at: DevicePoint(x: -3, y: 9), held: true)),
            .report(.move(id: 2, to: DevicePoint(x: 1, y: 2))),
            .report(.up(id: 2)), .report(.frame(time: 1234.5)), .report(.expired(id: 9)),
        ]
        for message in messages { #expect(RelayMessage(line: Substring(message.line)) == message, "\(message.line)") }
        #expect(RelayMessage.refused("two\nlines").line == "refused two lines")
    }

    @Test func commandsReadBackAsThemselves() {
        let commands: [RelayCommand] = [
            .rules(zones: [DeviceRect(minX: 0, minY: -1, maxX: 40, maxY: 4096)], fingers: 3),
            .rules(zones: [], fingers: 0),
            .claim(7), .pass(UInt32.max),
        ]
        for command in commands { #expect(RelayCommand(line: Substring(command.line)) == command, "\(command.line)") }
    }

    /// Out of range, malformed or unknown: nothing.
    @Test func badLinesReadAsNothing() {
        for line in [
            "", "rules", "rules 11", "rules -1", "rules 2 1,2,3", "rules 2 a,b,c,d", "claim", "claim -1", "claim 1e3",
            "pass 99999999999", "jump 1",
        ] {
            #expect(RelayCommand(line: Substring(line)) == nil, "\(line)")
        }
        let many = "rules 0" + String(repeating: " 0,0,1,1", count: RelayCommand.zoneLimit + 1)
        #expect(RelayCommand(line: Substring(many)) == nil)
        for line in ["down 1 2 3", "down 1 2 3 maybe", "axes 5 1 0 9", "frame -1", "move x 1 2", "up"] {
            #expect(RelayMessage(line: Substring(line)) == nil, "\(line)")
        }
    }
}
