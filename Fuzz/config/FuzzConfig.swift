// libFuzzer target: any bytes as a config file, through the TOML reader and
// the config parser, alone and laid over the embedded default, then the input
// plan a backend would receive.
// Built only by scripts/fuzz.sh (ANIMD_FUZZ=1); libFuzzer provides main.
import FuzzDriver
import AnimConfig

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let text = String(decoding: bytes, as: UTF8.self)
    if let config = try? ConfigParser.parse(text) {
        _ = config.inputPlan
        for transition in config.transitions { precondition(transition.snapPoints.count >= 2) }
    }
    // As animd reads a file: bytes that are not UTF-8 are refused where they stop being UTF-8.
    if let layer = try? ConfigLayer(name: "fuzz", utf8: bytes), let layered = try? ConfigParser.load(user: layer) {
        _ = layered.config.inputPlan
        precondition(layered.entries.allSatisfy { $0.origin.line >= 1 })
    }
    return 0
}

/// SwiftPM links an executable's main to this symbol; it hands over to libFuzzer.
@_cdecl("fuzz_config_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { start, size in fuzzConfig(start, size) }
}
