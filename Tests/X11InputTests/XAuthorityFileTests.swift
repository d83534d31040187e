import Foundation
import Glibc
import Testing

@testable import X11Input

/// The authority file as animd reads it for Xlib (issues 48 and 57): entries in Xau's format, the cookie xcb would
/// choose for a local display, and the files that must never be read (a device, a FIFO, a huge file, each of which
/// held the X thread for good).
@Suite struct XAuthorityFileTests {
    /// A folder of the test's own, removed after.
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("xauth-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static let cookie = Array("MIT-MAGIC-COOKIE-1".utf8)

    /// An entry in the file's format, written here from Xau's definition (`XauWriteAuth`): a big-endian family, then
    /// address, number, name and data, each a big-endian 16-bit length and its bytes.
    static func encoded(family: UInt16, address: String, number: String, name: [UInt8] = cookie, data: [UInt8])
        -> [UInt8]
    {
        func counted(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xff)] + bytes }
        return [UInt8(family >> 8), UInt8(family & 0xff)] + counted(Array(address.utf8)) + counted(Array(number.utf8))
            + counted(name) + counted(data)
    }

    /// A file written by xauth(1), the X tool that writes these files for display managers: its entries read back as
    /// xauth's own listing of them says (family local, the host's name, the number, the cookie).
    @Test func entriesAsXauthWritesThem() throws {
        let folder = try Folder()
        let file = folder.path + "/auth"
        let hex = "00112233445566778899aabbccddeeff"
        let xauth = Process()
        xauth.executableURL = URL(fileURLWithPath: "/usr/bin/xauth")
        xauth.arguments = ["-q", "-f", file, "add", "unix:7", "MIT-MAGIC-COOKIE-1", hex]
        try xauth.run()
        xauth.waitUntilExit()
        #expect(xauth.terminationStatus == 0)
        let entries = XAuthorityEntry.entries(in: Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        let host = XAuthorityFile.hostname
        #expect(
            entries == [
                XAuthorityEntry(
                    family: XAuthorityEntry.familyLocal, address: host, number: Array("7".utf8), name: Self.cookie,
                    data: stride(from: 0, to: hex.count, by: 2).map {
                        UInt8(hex.dropFirst($0).prefix(2), radix: 16) ?? 0
                    })
            ])
        #expect(XAuthorityEntry.cookie(in: entries, forDisplay: 7, hostname: host) == entries.first)
        #expect(XAuthorityEntry.cookie(in: entries, forDisplay: 8, hostname: host) == nil, "another display's")
        #expect(
            XAuthorityEntry.cookie(in: entries, forDisplay: 7, hostname: Array("elsewhere".utf8)) == nil,
            "another host's")
    }

    /// The cookie for a local display: the first magic cookie that is wild or names this host, whose number is empty
    /// or the display's; an XDM entry, another host's, another display's and a truncated entry are passed over.
    @Test func theCookieXlibWouldChoose() {
        let host = "tablet"
        let bytes =
            Self.encoded(family: 256, address: "laptop", number: "0", data: [1])
            + Self.encoded(family: 256, address: host, number: "1", data: [2])
            + Self.encoded(family: 256, address: host, number: "0", name: Array("XDM-AUTHORIZATION-1".utf8), data: [3])
            + Self.encoded(family: 256, address: host, number: "", data: [4])
            + Self.encoded(family: 65535, address: "", number: "0", data: [5])
        let entries = XAuthorityEntry.entries(in: bytes)
        #expect(entries.count == 5)
        #expect(
            XAuthorityEntry.cookie(in: entries, forDisplay: 0, hostname: Array(host.utf8))?.data == [4],
            "any number of this host")
        #expect(XAuthorityEntry.cookie(in: entries, forDisplay: 1, hostname: Array(host.utf8))?.data == [2])
        #expect(
            XAuthorityEntry.cookie(in: entries, forDisplay: 0, hostname: Array("desk".utf8))?.data == [5],
            "wild, for any host")
        #expect(XAuthorityEntry.cookie(in: entries, forDisplay: 3, hostname: Array("desk".utf8)) == nil)
        #expect(XAuthorityEntry.entries(in: Array(bytes.dropLast())).count == 4, "a truncated last entry ends the list")
        #expect(XAuthorityEntry.entries(in: [0xff]).isEmpty)
    }

    static func cookie(xauthority: String?, home: String? = nil) -> Result<XAuthorityEntry?, XAuthorityFile.Problem> {
        XAuthorityFile.cookie(forDisplay: 0, hostname: Array("tablet".utf8), xauthority: xauthority, home: home)
    }

    static func problem(xauthority: String?, home: String? = nil) -> String? {
        if case let .failure(problem) = cookie(xauthority: xauthority, home: home) { return problem.description }
        return nil
    }

    @Test func aDeviceAFIFOOrAHugeFileIsRefused() throws {
        let folder = try Folder()
        #expect(Self.problem(xauthority: "/dev/zero") == "XAUTHORITY (/dev/zero) is a device, not a regular file")
        #expect(mkfifo(folder.path + "/fifo", 0o600) == 0)
        #expect(
            Self.problem(xauthority: folder.path + "/fifo")
                == "XAUTHORITY (\(folder.path)/fifo) is a FIFO, not a regular file",
            "opened without waiting for a writer")
        #expect(FileManager.default.createFile(atPath: folder.path + "/huge", contents: nil))
        #expect(truncate(folder.path + "/huge", off_t(XAuthorityFile.sizeLimit + 1)) == 0)
        #expect(
            Self.problem(xauthority: folder.path + "/huge") == "XAUTHORITY (\(folder.path)/huge) is larger than 1 MiB")
        #expect(mkfifo(folder.path + "/.Xauthority", 0o600) == 0)
        #expect(
            Self.problem(xauthority: nil, home: folder.path)
                == "\(folder.path)/.Xauthority is a FIFO, not a regular file",
            "without XAUTHORITY, the file in HOME, as Xlib reads it")
    }

    @Test func aRegularFileOrNoneIsRead() throws {
        let folder = try Folder()
        let entry = Self.encoded(family: 256, address: "tablet", number: "0", data: [9, 9])
        #expect(FileManager.default.createFile(atPath: folder.path + "/auth", contents: Data(entry)))
        #expect(try Self.cookie(xauthority: folder.path + "/auth").get()?.data == [9, 9])
        #expect(FileManager.default.createFile(atPath: folder.path + "/.Xauthority", contents: Data(entry)))
        #expect(
            try Self.cookie(xauthority: "", home: folder.path).get()?.data == [9, 9],
            "an empty XAUTHORITY is unset: HOME's file")
        #expect(
            try Self.cookie(xauthority: folder.path + "/missing").get() == nil, "none: no cookie, as Xlib goes without")
        #expect(try Self.cookie(xauthority: nil, home: nil).get() == nil)
        #expect(
            FileManager.default.createFile(
                atPath: folder.path + "/bound", contents: Data(count: XAuthorityFile.sizeLimit)))
        #expect(
            try Self.cookie(xauthority: folder.path + "/bound").get() == nil,
            "exactly at the bound: read, and holds nothing")
    }
}
