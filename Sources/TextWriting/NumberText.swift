/// The shortest text that reads back as the same Double, without a needless ".0".
public func formatNumber(_ value: Double) -> String {
    var text = ""
    writeNumber(value, to: &text)
    return text
}

/// `formatNumber`'s text, appended to `out` without a String of its own: a frame holds several numbers, and most
/// are longer than a small string holds, so each would cost a heap allocation.
@inlinable
public func writeNumber(_ value: Double, to out: inout some TextOutput) {
    if value == value.rounded(), abs(value) < 1e15 {
        writeInteger(Int64(value), to: &out)
    } else {
        value.write(to: &out)
    }
}

/// A whole number's decimal digits, written as they are made, with no String between: a frame carries several
/// (`from`, `to`, `target`, `snap`, `seq`, whole snap points), and the standard library's conversion is a call into
/// its runtime for each.
@inlinable
public func writeInteger(_ value: Int64, to out: inout some TextOutput) {
    // Int64.min is 19 digits and a sign.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
        var magnitude = value.magnitude
        var start = digits.count
        repeat {
            start -= 1
            digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        if value < 0 {
            start -= 1
            digits[start] = UInt8(ascii: "-")
        }
        out._writeASCII(UnsafeBufferPointer(rebasing: digits[start...]))
    }
}
