// libFuzzer target: any text as a config file, through the TOML reader and
// the config parser, then the input plan a backend would receive.
// Built only by scripts/fuzz.sh (ANIMD_FUZZ=1); libFuzzer provides main.
import Transitions

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    if let config = try? ConfigParser.parse(text) {
        _ = config.inputPlan
        for transition in config.transitions { precondition(transition.snapPoints.count >= 2) }
    }
    return 0
}

/// libFuzzer's documented entry for programs with a main of their own.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// SwiftPM links an executable's main to this symbol; it hands over to libFuzzer.
@_cdecl("fuzz_config_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { start, size in fuzzConfig(start, size) }
}
