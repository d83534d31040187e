import ArgumentParser

/// animctl: control and watch animd from a shell. It shares nothing with the
/// daemon but the wire contract (AnimProtocol); `curve` is computed locally.
@main
struct AnimCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animctl",
        abstract: "Control and watch the animd transition daemon.",
        subcommands: [Curve.self]
    )
}
