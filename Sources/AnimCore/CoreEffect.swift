import AnimConfig
package import AnimProtocol
package import Gestures
import Motion
package import TextWriting
package import TransitionModel
package import Transitions

/// What the core's machine wants done, as a value; the shell (`DaemonCore`) carries each out, in order, with NIO,
/// the subscriber registry, the input backend and systemd. Nothing the machine does reaches outside it otherwise.
package enum CoreEffect {
    /// An engine step: its touch decisions go to the backend, its events to their subscribers, the `on-snap`
    /// commands it made due are run.
    case publish(EngineOutput)
    /// A line for a group's subscribers, never coalesced away.
    case line(CoreLine)
    /// The input backend must intercept what this plan says (a backend takes a plan equal to its own as nothing).
    case configureBackend(InputPlan)
    /// Make and start the backend for this session, intercepting what the plan says; what that brings about comes
    /// back as `.backend`.
    case launchBackend(SessionEnvironment, InputPlan)
    /// Stop the backend; what that brings about comes back as `.backend`.
    case stopBackend
    /// The session's variables changed, not what the backend depends on: the compositor's endpoint and the
    /// commands' environment follow.
    case followSession(SessionEnvironment)
    /// The clients' book changed (a client came or went, a subscription, the limits): who takes each event is
    /// read from this copy from now on.
    case clientsChanged(SubscriptionBook)
    /// The frame timer should fire as this says, with what subscribers' rates hold folded in.
    case paceFrames(FrameWake)
    /// Run a command of the config's (`on-tablet-mode`, a binding's `run`; `on-snap` ones come with `publish`).
    case run(ConfiguredAction)
    /// `systemctl status animd` should show the status line now, or soon (coalesced with others).
    case announceStatus(soon: Bool)
    /// A line for animd's log, at `level`, with its fields.
    case log(LogLevel, String, [String: String] = [:])
    /// The shutdown: frames and watchdog pings stop, every client is sent `daemon.shutdown` with this reason and
    /// closed once it has read it.
    case closeClients(reason: String)
    /// Arm `timer` to go off after `seconds`.
    case setTimer(CoreTimer, seconds: Double)
    /// Close the clients that are still there, whatever they have not read.
    case closeStragglers
    /// These transitions and bindings are gone from the engine: what the shell keeps for clients under their names
    /// (when each was last sent to a rate-limited client, who takes each one's events) goes too, so that 20,000
    /// names declared and retracted leave nothing behind (issue 57).
    case forget(transitions: Set<String>, bindings: Set<String>)
}

/// How much a log line of the core's matters; the shell maps it onto its logger's levels (swift-log's, which the core
/// does not import: a logger is a way out).
package enum LogLevel: Hashable {
    case debug, info, notice, warning, error
}

/// The lines the core writes of its own, beside the engine's events.
package enum CoreLine: Equatable {
    case motion(MotionStatus)
    case inputStatus(InputStatus)
    /// An input event as it went into the recognizers, for `input-events` (recording): origin is the backend or
    /// "inject".
    case inputEvent(InputEvent, origin: String)
    case focus(SessionFocus)
    /// Tablet mode on or off, or nil: no switch.
    case tabletMode(Bool?)
    /// A declared transition is gone, after its last `transition.ended`.
    case removed(String, owner: TransitionOwner, reason: RemovalReason, message: String)

    /// The group whose subscribers take it.
    package var group: EventGroup {
        switch self {
        case .motion: .motion
        case .inputStatus: .input
        case .inputEvent: .inputEvents
        case .focus: .focus
        case .tabletMode: .device
        case .removed: .state
        }
    }

    /// The transition it is about, for subscribers of named transitions.
    package var transition: String? {
        if case let .removed(name, _, _, _) = self { return name }
        return nil
    }

    package func write(into line: inout some TextOutput) {
        switch self {
        case let .motion(status): EventLine.motion(status, into: &line)
        case let .inputStatus(status): EventLine.inputStatus(status, into: &line)
        case let .inputEvent(event, origin): EventLine.inputEvent(event, origin: origin, into: &line)
        case let .focus(focus): EventLine.focus(focus, into: &line)
        case let .tabletMode(on): EventLine.tabletMode(on, into: &line)
        case let .removed(name, owner, reason, message):
            EventLine.removed(name: name, reason: reason, message: message, owner: owner, into: &line)
        }
    }
}

/// One event or request taken, for tests: its answer (none for an event), and the effects to carry out, in order.
package struct CoreStep<Answer> {
    package var answer: Answer
    package var effects: [CoreEffect]
}
