/// One value of a `JSONTape`, read in place: what the request path reads a request's parameters from.
package struct JSONElement {
    // Inlinable, with the tape: the request path reads through these from AnimProtocol, and a call per accessor
    // across the module's boundary cost about 500 instructions a request (docs/performance.md, 2026-11-27).
    @usableFromInline let tape: JSONTape
    @usableFromInline let index: Int

    @usableFromInline init(tape: JSONTape, index: Int) { self.tape = tape; self.index = index }

    @inlinable var entry: JSONTape.Entry { tape.entries[index] }

    /// The entries of an object's member names, in order; none for any other value.
    @inlinable var memberNames: MemberNames {
        let entry = entry
        return MemberNames(tape: tape, name: index + 1, end: entry.kind == .object ? Int(entry.next) : index + 1)
    }

    /// A member is its name's entry, then its value's, so each name is found from the one before by its value's
    /// `next`. (A plain iterator: `sequence(first:next:).prefix` made reading a request 0.8 µs slower.)
    @usableFromInline struct MemberNames: Sequence, IteratorProtocol {
        @usableFromInline let tape: JSONTape
        @usableFromInline var name: Int
        @usableFromInline let end: Int

        @inlinable init(tape: JSONTape, name: Int, end: Int) { self.tape = tape; self.name = name; self.end = end }

        @inlinable mutating func next() -> Int? {
            guard name < end else { return nil }
            defer { name = Int(tape.entries[name + 1].next) }
            return name
        }
    }

    /// The first member named `key` (the first of repeated keys wins, as in `JSONValue`).
    @inlinable package subscript(key: String) -> JSONElement? {
        memberNames.first { tape.string(at: $0, equals: key) }.map { JSONElement(tape: tape, index: $0 + 1) }
    }

    @inlinable package func firstKey(notIn names: [String]) -> String? {
        memberNames.first { name in !names.contains { tape.string(at: name, equals: $0) } }.map(tape.string(at:))
    }

    @inlinable package var isNull: Bool { entry.kind == .null }
    @inlinable package var isObject: Bool { entry.kind == .object }
    @inlinable package var string: String? { entry.kind == .string ? tape.string(at: index) : nil }
    @inlinable package var number: Double? { entry.kind == .number ? entry.number : nil }

    @inlinable package var bool: Bool? {
        switch entry.kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    @inlinable package var array: Items? {
        entry.kind == .array
            ? Items(tape: tape, startIndex: index + 1, endIndex: Int(entry.next), count: Int(entry.payload)) : nil
    }

    /// An array's items, each found from the one before by its `next`.
    package struct Items: Collection {
        @usableFromInline let tape: JSONTape
        package let startIndex: Int
        package let endIndex: Int
        package let count: Int

        @inlinable init(tape: JSONTape, startIndex: Int, endIndex: Int, count: Int) {
            self.tape = tape; self.startIndex = startIndex; self.endIndex = endIndex; self.count = count
        }

        @inlinable package func index(after i: Int) -> Int { Int(tape.entries[i].next) }
        @inlinable package subscript(position: Int) -> JSONElement { JSONElement(tape: tape, index: position) }
    }

    package var tree: JSONValue { value }

    /// The value as a tree, for clients (`JSONParser.parse`).
    package var value: JSONValue {
        let entry = entry
        switch entry.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(entry.number)
        case .string: return .string(tape.string(at: index))
        case .array: return .array(array.map { $0.map(\.value) } ?? [])
        case .object:
            return .object(memberNames.map { (tape.string(at: $0), JSONElement(tape: tape, index: $0 + 1).value) })
        }
    }
}
