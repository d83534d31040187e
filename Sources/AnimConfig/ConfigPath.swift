/// Where a key is in the config's tree, key by key (`bindings`, `sidebar-open`, `distance`): the reader builds each
/// key's path as a value and finds the key's node by it, never by splitting a dotted string again, so that what a
/// name holds cannot change where its errors are placed. Written dotted only where a person reads it (an error's
/// `key`).
struct ConfigPath: Hashable, CustomStringConvertible {
    let keys: [String]

    init(_ keys: String...) { self.keys = keys }

    private init(keys: [String]) { self.keys = keys }

    /// The key `key` of the table at `path`.
    static func / (path: ConfigPath, key: String) -> ConfigPath { ConfigPath(keys: path.keys + [key]) }

    /// This path without its last `count` keys: the tables it lies in, nearest first.
    func dropLast(_ count: Int) -> ConfigPath { ConfigPath(keys: Array(keys.dropLast(count))) }

    var description: String { keys.joined(separator: ".") }
}
