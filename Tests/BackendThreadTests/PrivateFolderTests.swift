import Foundation
import Glibc
import Testing
import UnixSupport

/// A private folder made while another thread has narrowed the process's umask (animd binds its socket under
/// umask 0177) is still 0700, so that files can be made in it: made under that umask it was 0600, and the KWin
/// script could not be written into it.
@Suite struct PrivateFolderTests {
    @Test func aFolderMadeUnderANarrowUmaskIsStillUsable() throws {
        let path = NSTemporaryDirectory() + "animd-private-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let old = umask(0o177)
        let opened = PrivateFolder.openOrMake(path)
        umask(old)
        let folder = try opened.get()
        var info = stat()
        #expect(
            lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o700, "mode \(String(info.st_mode & 0o777, radix: 8))")
        #expect(try folder.writeFile(named: "script.js", Array("x".utf8)).get() == path + "/script.js")
    }
}
