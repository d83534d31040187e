import AnimProtocol
import Glibc

/// What the command line asks: `animd-demo [--socket PATH] [--size WxH] [--rate HZ] [--print-frames]`.
struct DemoOptions {
    var socketPath: String
    var width: Int
    var height: Int
    /// Redraws per second while a leg runs; nil for the monitor's refresh rate.
    var rate: Double?
    /// Say "drawn …" after each redraw an event caused, and "connected" after each subscription that followed a wait.
    var printFrames: Bool

    static let usage = "usage: animd-demo [--socket PATH] [--size WxH] [--rate HZ] [--print-frames]"

    /// Reads the arguments; the error is the message to print before exiting with status 1.
    static func parse(_ arguments: [String], environment: [String: String], uid: UInt32) -> Result<
        DemoOptions, DemoError
    > {
        func option(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
            return arguments[index + 1]
        }
        let size = (option("--size") ?? "640x400").split(separator: "x").compactMap { Int($0) }
        guard size.count == 2, (200...4096).contains(size[0]), (200...4096).contains(size[1]) else {
            return .failure(DemoError("--size must be WxH, each 200 to 4096"))
        }
        let rate = option("--rate").map { Double($0) ?? .nan }
        if let rate, !(1...1000).contains(rate) {
            return .failure(DemoError("--rate must be 1 to 1000 redraws per second"))
        }
        return .success(
            DemoOptions(
                socketPath: option("--socket") ?? SocketPath.resolve(environment: environment, uid: uid),
                width: size[0], height: size[1], rate: rate, printFrames: arguments.contains("--print-frames")))
    }
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
