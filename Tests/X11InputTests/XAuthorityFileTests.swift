import Foundation
import Glibc
import Testing
@testable import X11Input

/// Which authority files Xlib may be let read (issue 48): a regular file within 1 MiB, or none; never a device, a
/// FIFO or a huge file, each of which held the X thread for good.
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

    static func problem(xauthority: String?, home: String? = nil) -> String? {
        XAuthorityFile.problem { name in name == "XAUTHORITY" ? xauthority : name == "HOME" ? home : nil }
    }

    @Test func aDeviceAFIFOOrAHugeFileIsRefused() throws {
        let folder = try Folder()
        #expect(Self.problem(xauthority: "/dev/zero") == "XAUTHORITY (/dev/zero) is not a regular file; Xlib would read it without end")
        #expect(mkfifo(folder.path + "/fifo", 0o600) == 0)
        #expect(Self.problem(xauthority: folder.path + "/fifo")?.hasSuffix("is not a regular file; Xlib would read it without end") == true,
                "opened without waiting for a writer")
        #expect(FileManager.default.createFile(atPath: folder.path + "/huge", contents: nil))
        #expect(truncate(folder.path + "/huge", off_t(XAuthorityFile.sizeLimit + 1)) == 0)
        #expect(Self.problem(xauthority: folder.path + "/huge") == "XAUTHORITY (\(folder.path)/huge) is larger than 1 MiB")
        #expect(mkfifo(folder.path + "/.Xauthority", 0o600) == 0)
        #expect(Self.problem(xauthority: nil, home: folder.path) == "\(folder.path)/.Xauthority is not a regular file; Xlib would read it without end",
                "without XAUTHORITY, the file in HOME, as Xlib reads it")
    }

    @Test func aRegularFileOrNoneIsLeftToXlib() throws {
        let folder = try Folder()
        #expect(FileManager.default.createFile(atPath: folder.path + "/auth", contents: Data(count: XAuthorityFile.sizeLimit)))
        #expect(Self.problem(xauthority: folder.path + "/auth") == nil, "exactly at the bound")
        #expect(Self.problem(xauthority: folder.path + "/missing") == nil, "none: Xlib goes without")
        #expect(Self.problem(xauthority: "", home: folder.path) == nil, "an empty XAUTHORITY is unset; no ~/.Xauthority either")
        #expect(Self.problem(xauthority: nil, home: nil) == nil)
    }
}
