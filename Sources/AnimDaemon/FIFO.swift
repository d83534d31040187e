/// A first-in, first-out queue that reads from a head index rather than removing from the front of its array, and
/// keeps its storage once emptied while it is small: the connection machine's events and steps, and an `Inbox`'s
/// events, pass through one on every read.
struct FIFO<Element> {
    private var elements: [Element] = []
    private var head = 0

    mutating func append(_ element: Element) { elements.append(element) }

    /// The oldest element, removed; nil when none is left.
    mutating func popFirst() -> Element? {
        guard head < elements.count else {
            elements.removeAll(keepingCapacity: elements.count <= 16)
            head = 0
            return nil
        }
        defer { head += 1 }
        return elements[head]
    }
}
