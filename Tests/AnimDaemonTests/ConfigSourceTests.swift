import AnimConfig
import Foundation
import Testing

@testable import AnimDaemon

/// A reload reads the file again, and parses it only when it changed: the same bytes are the config in force
/// already (issue 48: a batch of 1,024 reloads held the loop 4.4 s, each parsing the same file).
struct ConfigSourceTests {
    let folder: String
    let source: ConfigSource

    init() throws {
        folder = NSTemporaryDirectory() + "animd-config-source-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        source = ConfigSource(explicitPath: folder + "/animd.toml", environment: [:])
    }

    func write(_ text: String) throws { try text.write(toFile: source.path, atomically: true, encoding: .utf8) }

    @Test func anUnchangedFileIsNotParsedAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("[daemon]\nframe-rate = 90\n")
        let first = try source.load().get()
        #expect(first.config.daemon.frameRate == 90 && first.fileBytes == Array("[daemon]\nframe-rate = 90\n".utf8))
        #expect(source.reload(over: first) == nil, "the same bytes: nothing to do")

        try write("[daemon]\nframe-rate = 120\n")
        let second = try #require(try source.reload(over: first)?.get())
        #expect(second.config.daemon.frameRate == 120)

        try write("[daemon]\nframe-rate = \"fast\"\n")
        let broken = try #require(source.reload(over: second))
        #expect(throws: ConfigLoadError.self) { try broken.get() }
        #expect(source.reload(over: second) != nil, "a broken file is read, and refused, every time")

        try FileManager.default.removeItem(atPath: source.path)
        #expect(
            source.reload(over: second).map { if case .failure = $0 { true } else { false } } == true,
            "an asked-for file that is gone is an error, never unchanged")
    }

    @Test func withoutAFileTheDefaultIsInForceAlready() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let implicit = ConfigSource(explicitPath: nil, environment: ["XDG_CONFIG_HOME": folder])
        let loaded = try implicit.load().get()
        #expect(loaded.fileBytes == nil && loaded.layers == [ConfigLayer.defaultName])
        #expect(implicit.reload(over: loaded) == nil)
        try FileManager.default.createDirectory(atPath: folder + "/animd", withIntermediateDirectories: true)
        try "[daemon]\nframe-rate = 75\n".write(toFile: folder + "/animd/animd.toml", atomically: true, encoding: .utf8)
        #expect(try implicit.reload(over: loaded)?.get().config.daemon.frameRate == 75, "a file that appeared is read")
    }
}
