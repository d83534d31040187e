package import Gestures

/// Who is driving each input source's sequence: the input backend (X or libinput), or
/// the client that injected it. When an owner goes away (X dies, a client
/// disconnects mid-trace, `animctl inject` gets Ctrl-C), its sequences are
/// cancelled, so no transition stays finger-driven.
///
/// The arena runs one sequence per source, so a source has one owner: the
/// sender of its latest event, for as long as the sequence lasts.
package struct InputOwners {
    package enum Owner: Hashable {
        case backend(InputBackendKind)
        case client(Int)

        /// How `input.event` names it: the backend, or "inject".
        package var origin: String {
            switch self {
            case let .backend(kind): kind.rawValue
            case .client: "inject"
            }
        }
    }

    private var owners: [InputSource: Owner] = [:]

    /// After an event of `source` from `owner`: it owns the source while a sequence is under way.
    package mutating func record(_ source: InputSource, by owner: Owner, tracking: Bool) {
        owners[source] = tracking ? owner : nil
    }

    /// The sources `owner` was driving, now owned by nobody.
    package mutating func release(_ owner: Owner) -> [InputSource] {
        let sources = InputSource.allCases.filter { owners[$0] == owner }
        for source in sources { owners[source] = nil }
        return sources
    }
}
