import AnimProtocol
import Foundation
import Testing

/// One version (issue 43): `AnimdVersion.current`, which `--version` and `daemon.hello` say, is the Debian package's
/// version, which dpkg takes from the top entry of debian/changelog, and the Python package's (pyproject.toml and
/// `animd.__version__`).
struct VersionTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theChangelogAndThePythonPackageSayTheSameVersion() throws {
        let changelog = try String(contentsOf: Self.repo.appendingPathComponent("debian/changelog"), encoding: .utf8)
        let top = try #require(changelog.split(separator: "\n").first)
        #expect(top.hasPrefix("animd (\(AnimdVersion.current)) "), "debian/changelog begins \(top)")
        let pyproject = try String(
            contentsOf: Self.repo.appendingPathComponent("clients/python/pyproject.toml"), encoding: .utf8)
        #expect(pyproject.contains("\nversion = \"\(AnimdVersion.current)\"\n"), "clients/python/pyproject.toml")
        let module = try String(
            contentsOf: Self.repo.appendingPathComponent("clients/python/animd/__init__.py"), encoding: .utf8)
        #expect(module.contains("\n__version__ = \"\(AnimdVersion.current)\"\n"), "clients/python/animd/__init__.py")
    }
}
