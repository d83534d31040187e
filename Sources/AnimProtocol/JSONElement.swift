/// One value of a `JSONTape`, read in place: what the request path reads a request's parameters from.
struct JSONElement: JSONReadable {
    let tape: JSONTape
    let index: Int

    private var entry: JSONTape.Entry { tape.entries[index] }

    /// The first member named `key` (the first of repeated keys wins, as in `JSONValue`).
    subscript(key: String) -> JSONElement? {
        let entry = entry
        guard entry.kind == .object else { return nil }
        var name = index + 1
        while name < Int(entry.next) {
            // A member is its name's entry, then its value's.
            if tape.string(at: name, equals: key) { return JSONElement(tape: tape, index: name + 1) }
            name = Int(tape.entries[name + 1].next)
        }
        return nil
    }

    func firstKey(notIn names: [String]) -> String? {
        let entry = entry
        guard entry.kind == .object else { return nil }
        var name = index + 1
        while name < Int(entry.next) {
            if !names.contains(where: { tape.string(at: name, equals: $0) }) { return tape.string(at: name) }
            name = Int(tape.entries[name + 1].next)
        }
        return nil
    }

    var isNull: Bool { entry.kind == .null }
    var isObject: Bool { entry.kind == .object }
    var string: String? { entry.kind == .string ? tape.string(at: index) : nil }
    var number: Double? { entry.kind == .number ? entry.number : nil }

    var bool: Bool? {
        switch entry.kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    var array: Items? { entry.kind == .array ? Items(tape: tape, startIndex: index + 1, endIndex: Int(entry.next), count: Int(entry.payload)) : nil }

    /// An array's items, each found from the one before by its `next`.
    struct Items: Collection {
        let tape: JSONTape
        let startIndex: Int
        let endIndex: Int
        let count: Int

        func index(after i: Int) -> Int { Int(tape.entries[i].next) }
        subscript(position: Int) -> JSONElement { JSONElement(tape: tape, index: position) }
    }

    /// The value as a tree, for clients (`JSONParser.parse`).
    var value: JSONValue {
        let entry = entry
        switch entry.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(entry.number)
        case .string: return .string(tape.string(at: index))
        case .array: return .array(array.map { $0.map(\.value) } ?? [])
        case .object:
            var members: [(String, JSONValue)] = []
            members.reserveCapacity(Int(entry.payload))
            var name = index + 1
            while name < Int(entry.next) {
                members.append((tape.string(at: name), JSONElement(tape: tape, index: name + 1).value))
                name = Int(tape.entries[name + 1].next)
            }
            return .object(members)
        }
    }
}
