/// A JSON text read once into a flat table of its values, in document order (a "tape"), over the bytes it was read
/// from: no tree, no per-value allocation. The request path reads a request's parameters from it in place
/// (`JSONElement`); `JSONValue` is built from it only where a client wants a tree.
///
/// A tape borrows everything it holds (the bytes, and the parser's tables), so that reading it counts no references:
/// it and its elements live only inside `JSONParser.read`'s body, which is why none of this is public.
@usableFromInline struct JSONTape {
    @usableFromInline enum Kind: UInt8 {
        case null, `false`, `true`, number, string, array, object
    }

    /// One value. An object's entry is followed by its members, each a name (a string entry) and then its value; an
    /// array's by its items.
    @usableFromInline struct Entry {
        /// A number's value.
        @usableFromInline var number: Double = 0
        /// A string's bytes between its quotes, as written (escapes included).
        @usableFromInline var start: Int32 = 0
        @usableFromInline var end: Int32 = 0
        /// The entry after this value and everything inside it: the next sibling, or the end of the parent.
        @usableFromInline var next: Int32 = 0
        /// A container's count of items or members; for a string with escapes, 1 + its index in `decoded`.
        @usableFromInline var payload: Int32 = 0
        @usableFromInline var kind: Kind
    }

    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline let entries: UnsafeBufferPointer<Entry>
    /// Strings that had escapes, decoded once while reading.
    @usableFromInline let decoded: UnsafeBufferPointer<String>

    /// The text of string entry `index`.
    @inlinable func string(at index: Int) -> String {
        let entry = entries[index]
        if entry.payload > 0 { return decoded[Int(entry.payload) - 1] }
        let slice = UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.end)])
        // Validated as UTF-8 while reading.
        return String(decoding: slice, as: UTF8.self)
    }

    /// Whether string entry `index` is exactly `text`, without making a String of it.
    @inlinable func string(at index: Int, equals text: String) -> Bool {
        let entry = entries[index]
        if entry.payload > 0 { return decoded[Int(entry.payload) - 1] == text }
        let written = UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.end)])
        guard text.utf8.count == written.count else { return false }
        return text.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(written) }
            ?? text.utf8.elementsEqual(written)
    }
}
