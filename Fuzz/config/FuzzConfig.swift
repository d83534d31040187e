import AnimConfig
// libFuzzer target: any bytes as a config file, through the TOML reader and
// the config parser, alone and laid over the embedded default, then the input
// plan a backend would receive; and as a file of transitions to declare
// (animctl declare), each declared over the embedded default and composed
// into the engine's tables.
// Built only by scripts/fuzz.sh (ANIMD_FUZZ=1); libFuzzer provides main.
import FuzzDriver
import TransitionModel

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
    declareAll(bytes)
    return 0
}

/// Every declaration of the bytes read as a declaration file, each by a connection of its own: the composed tables
/// hold each name once, and every binding of the config and of the declarations kept.
private func declareAll(_ bytes: [UInt8]) {
    guard let layer = try? ConfigLayer(name: "fuzz", utf8: bytes), let declarations = try? DeclarationFile.read(layer),
        let config = try? ConfigParser.load(user: nil)
    else { return }
    var book = DeclarationBook()
    for (index, declaration) in declarations.enumerated() {
        _ = try? book.declare(declaration.name, declaration.body, by: TransitionOwner(connection: index), over: config)
    }
    let tables = book.tables(over: config)
    precondition(Set(tables.bindings.map(\.name)).count == tables.bindings.count)
    precondition(
        tables.bindings.count == config.config.bindings.count + book.declarations.reduce(0) { $0 + $1.bindings.count })
    precondition(Set(tables.transitions.map(\.name)).count == tables.transitions.count)
}

/// SwiftPM links an executable's main to this symbol; it hands over to libFuzzer.
@_cdecl("fuzz_config_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { start, size in fuzzConfig(start, size) }
}
