/// The key under which a newer frame replaces one a client has not been sent yet: a transition's progress frames
/// share one, and each gesture's `changed` updates another. Typed, so that a transition and a gesture of the same
/// name never share a key, and no string is built per event.
enum CoalescingKey: Hashable, Sendable {
    case progress(transition: String)
    case gesture(String)
}
