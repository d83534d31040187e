#if canImport(Glibc)
    import Glibc
#endif

/// `text` followed by spaces up to `width` characters; longer text is left whole.
func padded(_ text: String, _ width: Int) -> String {
    let count = text.count
    return count >= width ? text : text + String(repeating: " ", count: width - count)
}

/// One number as C's printf writes it with `format` (`"%7.4f"`, `"%+8.2f"`, `"%.4g"`): animctl's columns.
func cFormatted(_ format: String, _ value: Double) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    let written = withVaList([value]) { arguments in
        buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
    }
    return String(
        decoding: buffer.prefix(max(0, min(Int(written), buffer.count - 1))).map { UInt8(bitPattern: $0) },
        as: UTF8.self)
}
