import Foundation
import Testing

/// animd and animctl run for a whole session and in scripts' loops: neither links Foundation, whose libraries
/// (and ICU behind them) would cost every process about 9 MiB of pages. FoundationEssentials comes in through
/// swift-argument-parser alone, into animctl. Both carry the Swift runtime inside them, so the dynamic loader
/// brings in no Swift library at all (docs/performance.md, "Memory").
@Suite struct LinkageTests {
    /// The libraries the dynamic loader brings in for `binary`, direct and indirect, by name.
    static func libraries(of binary: URL) throws -> [String] {
        let (status, output) = try runTool("/usr/bin/ldd", [binary.path])
        #expect(status == 0, "ldd \(binary.path): \(output)")
        return output.split(separator: "\n").compactMap {
            $0.split(separator: " ").first.map { String($0.trimmingCharacters(in: .whitespaces)) }
        }
    }

    @Test(arguments: ["animd", "animctl"])
    func noFoundationAndNoSwiftLibrary(_ name: String) throws {
        let libraries = try Self.libraries(of: Binaries.folder.appendingPathComponent(name))
        #expect(libraries.contains("libc.so.6"), "ldd listed nothing recognisable: \(libraries)")
        var forbidden = [
            "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
            "libFoundationNetworking.so",
        ]
        // ThreadSanitizer's run links the runtime dynamically (Package.swift, ANIMD_DYNAMIC_RUNTIME).
        if ProcessInfo.processInfo.environment["ANIMD_DYNAMIC_RUNTIME"] != "1" {
            forbidden += [
                "libFoundationEssentials.so", "libswiftCore.so", "libswift_Concurrency.so", "libdispatch.so",
                "libstdc++.so.6",
            ]
        }
        for library in forbidden {
            #expect(!libraries.contains(library), "\(name) links \(library)")
        }
    }
}
