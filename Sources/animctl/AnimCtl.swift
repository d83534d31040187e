import AnimProtocol
import ArgumentParser
import Glibc
import UnixSupport

#if canImport(Glibc)
    import Glibc
#endif

/// animctl: control and watch animd from a shell. It shares nothing with the
/// daemon but the wire contract (AnimProtocol); `curve` is computed locally.
@main
struct AnimCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animctl",
        abstract: "Control and watch the animd transition daemon.",
        discussion: """
            Each command is one request to animd over its Unix socket, or a live view of its events (watch, \
            record). Use --json where offered for scripts. Exit status: 0 success; 1 animd refused or failed \
            the request (its message goes to stderr); 2 a usage error; 3 no animd at the socket.
            """,
        version: AnimdVersion.current,
        subcommands: [
            Hello.self, List.self, Get.self, Watch.self, Wait.self, NameOnlyCommand<ToggleTag>.self, Animate.self,
            NameAndValueCommand<BeginTag>.self, NameAndValueCommand<ScrubTag>.self, NameOnlyCommand<PauseTag>.self,
            NameOnlyCommand<ResumeTag>.self, NameOnlyCommand<ReverseTag>.self, Continue.self, Release.self, Stop.self,
            NameAndValueCommand<FinishTag>.self,
            Inject.self, Record.self, Reload.self, Config.self, Environment.self, MotionCommand.self,
            SocketPathCommand.self, Call.self,
            Curve.self, Declare.self, Doctor.self, SessionStart.self, Import.self,
        ]
    )

    static func main() async {
        // A closed stdout is handled where we write; the signal would kill us mid-line.
        signal(SIGPIPE, SIG_IGN)
        // Ctrl-C and SIGTERM end animctl (`declare` and `watch` hold until then), even where the parent had them
        // blocked: the mask survives exec, and a test runner's did, so that `animctl declare` outlived SIGTERM.
        var ending = sigset_t()
        sigemptyset(&ending)
        sigaddset(&ending, SIGINT)
        sigaddset(&ending, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &ending, nil)
        do {
            var command = try parseAsRoot(NegativeNumbers.marked(Array(CommandLine.arguments.dropFirst())))
            // No subcommand: the help, on stderr, as a usage error (ArgumentParser would print it and exit 0).
            if command is AnimCtl {
                writeToStandardError((helpMessage() + "\n"))
                Glibc.exit(ExitStatus.usage.rawValue)
            }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // ArgumentParser says 64 (EX_USAGE) for usage errors; animctl documents 2, as most shell tools do.
            if exitCode(for: error) == .validationFailure {
                writeToStandardError((fullMessage(for: error) + "\n"))
                Glibc.exit(ExitStatus.usage.rawValue)
            }
            exit(withError: error)
        }
    }
}
