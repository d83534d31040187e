/// A key as written: its name (unquoted) and where it starts.
struct TOMLKey {
    var name: String
    var position: TextPosition
}

extension Collection<TOMLKey> {
    /// The dotted path, as errors name it.
    var dotted: String { map(\.name).joined(separator: ".") }
}

/// The tables of a document while it is read, held in one array and referred to by index, and TOML 1.0's rules
/// on defining them: a table is defined once, by a header or by dotted keys but not both; a key is set once; an
/// inline table and an array of values are closed once written.
struct TOMLTables {
    /// How a table came to be.
    enum Definition {
        /// Named only as the parent of another (`transitions` by `[transitions.sidebar]`); a header may still define it.
        case implicit
        /// By a `[header]`, or as an element of an array of tables.
        case header
        /// By dotted keys (`a.b = 1` defines `a`), or inside an inline table.
        case dotted
    }

    enum Slot {
        /// A value, inline tables and arrays of values included: nothing can be added to it.
        case value(ConfigNode)
        case table(Int)
        /// An array of tables (`[[name]]`), which each such header extends.
        case tableArray([Int])
    }

    struct Table {
        var definition: Definition
        var origin: ConfigOrigin
        /// Levels below the top: the top is 0, `[a.b]` is 2.
        var depth: Int
        var keys: [String] = []
        var slots: [String: Slot] = [:]
    }

    static let root = 0
    let layer: String
    private(set) var tables: [Table]

    init(layer: String) {
        self.layer = layer
        tables = [
            Table(
                definition: .header, origin: ConfigOrigin(layer: layer, line: 1, keyColumn: 1, valueColumn: 1), depth: 0
            )
        ]
    }

    func depth(of table: Int) -> Int { tables[table].depth }

    func origin(at position: TextPosition, value: TextPosition? = nil) -> ConfigOrigin {
        ConfigOrigin(
            layer: layer, line: position.line, keyColumn: position.column, valueColumn: (value ?? position).column)
    }

    /// The table a `[header]` opens, defining it.
    mutating func openTable(_ path: [TOMLKey], at header: TextPosition) throws(TOMLError) -> Int {
        let parent = try descend(path.dropLast(), from: Self.root, at: header, path: path)
        let key = path[path.count - 1]
        switch tables[parent].slots[key.name] {
        case nil:
            return insertTable(key.name, in: parent, definition: .header, origin: origin(at: header))
        case let .table(index):
            switch tables[index].definition {
            case .implicit:
                tables[index].definition = .header
                tables[index].origin = origin(at: header)
                return index
            case .header:
                throw error(
                    "table [\(path.dotted)] is defined twice; first on line \(tables[index].origin.line)", at: key, path
                )
            case .dotted:
                throw error(
                    "table [\(path.dotted)] is already defined by dotted keys on line \(tables[index].origin.line); "
                        + "a header cannot define it again", at: key, path)
            }
        case .tableArray:
            throw error(
                "\(path.dotted) is an array of tables ([[\(path.dotted)]]); it cannot be a [table] too", at: key, path)
        case let .value(node): throw valueInTheWay(node, at: key, path)
        }
    }

    /// The new last element of the array of tables a `[[header]]` adds to.
    mutating func appendTable(_ path: [TOMLKey], at header: TextPosition) throws(TOMLError) -> Int {
        let parent = try descend(path.dropLast(), from: Self.root, at: header, path: path)
        let key = path[path.count - 1]
        let element = Table(definition: .header, origin: origin(at: header), depth: tables[parent].depth + 1)
        switch tables[parent].slots[key.name] {
        case nil:
            tables.append(element)
            insert(key.name, .tableArray([tables.count - 1]), into: parent)
        case var .tableArray(elements):
            tables.append(element)
            elements.append(tables.count - 1)
            tables[parent].slots[key.name] = .tableArray(elements)
        case let .table(index):
            throw error(
                "\(path.dotted) is a table (line \(tables[index].origin.line)); [[\(path.dotted)]] cannot add to it",
                at: key, path)
        case let .value(node): throw valueInTheWay(node, at: key, path)
        }
        return tables.count - 1
    }

    /// Sets `path` (one key, or dotted keys) below `table` to `node`, defining the tables the dots name.
    mutating func set(_ path: [TOMLKey], to node: ConfigNode, in table: Int) throws(TOMLError) {
        var current = table
        for (offset, key) in path.dropLast().enumerated() {
            switch tables[current].slots[key.name] {
            case nil:
                current = insertTable(key.name, in: current, definition: .dotted, origin: origin(at: path[0].position))
            case let .table(index):
                if tables[index].definition == .header {
                    throw error(
                        "table [\(path.prefix(offset + 1).dotted)] is defined by a header on line \(tables[index].origin.line); "
                            + "dotted keys cannot add to it", at: key, path)
                }
                tables[index].definition = .dotted
                current = index
            case .tableArray:
                throw error(
                    "\(path.prefix(offset + 1).dotted) is an array of tables; a dotted key cannot add to it", at: key,
                    path)
            case let .value(existing): throw valueInTheWay(existing, at: key, path)
            }
        }
        let key = path[path.count - 1]
        if let existing = tables[current].slots[key.name] {
            let line =
                switch existing {
                case let .value(node): node.origin.line
                case let .table(index): tables[index].origin.line
                case let .tableArray(elements): tables[elements[0]].origin.line
                }
            throw error("\(path.dotted) is set twice; first on line \(line)", at: key, path)
        }
        insert(key.name, .value(node), into: current)
    }

    /// A new table for an inline table's keys, closed by `closeInline`.
    mutating func openInline(depth: Int, origin: ConfigOrigin) -> Int {
        tables.append(Table(definition: .dotted, origin: origin, depth: depth))
        return tables.count - 1
    }

    /// The inline table opened at `index`, as a value; it and the tables made inside it leave the array.
    mutating func closeInline(_ index: Int) -> ConfigTable {
        let table = configTable(index)
        tables.removeSubrange(index...)
        return table
    }

    /// The document, once read. Recursion is one call per level, bounded by the reader's nesting limit.
    func configTable(_ index: Int = Self.root) -> ConfigTable {
        var result = ConfigTable()
        for key in tables[index].keys {
            switch tables[index].slots[key] {
            case let .value(node): result.set(key, node)
            case let .table(child):
                result.set(key, ConfigNode(value: .table(configTable(child)), origin: tables[child].origin))
            case let .tableArray(elements):
                let nodes = elements.map { ConfigNode(value: .table(configTable($0)), origin: tables[$0].origin) }
                result.set(key, ConfigNode(value: .array(nodes), origin: nodes[0].origin))
            case nil: break
            }
        }
        return result
    }

    /// Walks the keys of a header's path above its last, making implicit tables where none is yet; an array of
    /// tables is entered at its last element.
    private mutating func descend(
        _ keys: ArraySlice<TOMLKey>, from start: Int, at header: TextPosition, path: [TOMLKey]
    ) throws(TOMLError) -> Int {
        var current = start
        for key in keys {
            switch tables[current].slots[key.name] {
            case nil: current = insertTable(key.name, in: current, definition: .implicit, origin: origin(at: header))
            case let .table(index): current = index
            case let .tableArray(elements): current = elements[elements.count - 1]
            case let .value(node): throw valueInTheWay(node, at: key, path)
            }
        }
        return current
    }

    private mutating func insertTable(_ name: String, in parent: Int, definition: Definition, origin: ConfigOrigin)
        -> Int
    {
        tables.append(Table(definition: definition, origin: origin, depth: tables[parent].depth + 1))
        insert(name, .table(tables.count - 1), into: parent)
        return tables.count - 1
    }

    private mutating func insert(_ name: String, _ slot: Slot, into table: Int) {
        tables[table].keys.append(name)
        tables[table].slots[name] = slot
    }

    private func valueInTheWay(_ node: ConfigNode, at key: TOMLKey, _ path: [TOMLKey]) -> TOMLError {
        let what = if case .table = node.value { "an inline table, which is closed once written" } else { "a value" }
        return error(
            "\(key.name) is already \(what) (line \(node.origin.line)); nothing can be added below it", at: key, path)
    }

    private func error(_ message: String, at key: TOMLKey, _ path: [TOMLKey]) -> TOMLError {
        TOMLError(position: key.position, message: message, key: path.dotted)
    }
}
