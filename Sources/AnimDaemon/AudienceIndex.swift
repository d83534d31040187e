import AnimCore
import AnimProtocol

/// Who wants an event of a group about a transition, and at what rate: built on first use after any change to the
/// clients or their subscriptions (rare), then read once per event, so that a frame touches only its subscribers and
/// asks each of them nothing (no set lookups, no string hashing per client). A cache over the registry's clients,
/// which it is handed with the machine's book on each question.
struct AudienceIndex {
    typealias Member = (client: ClientConnection, rate: Double?)

    private var lists: [Key: [Member]] = [:]
    /// The groups any subscription takes, one bit each (`EventGroup.bit`); nil after a change, until asked again.
    /// Asked before every event, so that an event nobody takes costs neither its encoding nor a lookup: a gesture
    /// update per touch move, when no one watches gestures.
    private var wantedGroups: UInt8?

    private struct Key: Hashable {
        let group: EventGroup
        let transition: String?
        /// A progress frame of a running leg, which `frames: "driven"` subscriptions do not take.
        let analytic: Bool
    }

    /// Whether any subscription takes `group`, whatever its transition.
    mutating func anyoneWants(_ group: EventGroup, in book: SubscriptionBook) -> Bool {
        let wanted = wantedGroups ?? book.wantedGroups
        wantedGroups = wanted
        return wanted & group.bit != 0
    }

    /// The clients that take the event, in connection order (so that delivery order is stable), with the most
    /// demanding rate each asked for.
    mutating func audience(
        group: EventGroup, transition: String?, analytic: Bool, in book: SubscriptionBook,
        among clients: [Int: ClientConnection]
    ) -> [Member] {
        let key = Key(group: group, transition: transition, analytic: analytic)
        if let known = lists[key] { return known }
        let built = clients.values.sorted { $0.id < $1.id }.compactMap { client -> Member? in
            let (wanted, rate) = book.interest(
                of: client.id, group: group, transition: transition, analytic: analytic)
            return wanted ? (client, rate) : nil
        }
        lists[key] = built
        return built
    }

    /// A client or a subscription came or went: everything is built again when next asked.
    mutating func drop() {
        lists.removeAll(keepingCapacity: true)
        wantedGroups = nil
    }

    /// Transitions are gone: who took their events is forgotten.
    mutating func forget(transitions: Set<String>) {
        lists = lists.filter { key, _ in key.transition.map { !transitions.contains($0) } ?? true }
    }
}
