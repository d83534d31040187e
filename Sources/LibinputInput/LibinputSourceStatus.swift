public import Gestures
import Glibc
public import UnixSupport

/// What one libinput source can do, as `input.status` says it: the devices found, and when devices could not be
/// opened, which, why, and the fix.
public enum LibinputSourceStatus {
    /// Active while a device of its kind works; unavailable when none does and some could not be opened.
    /// - fix: what to run when a device could not be opened for want of permission (`DeviceAccessFix`).
    public static func make(
        seat: String, wanted: Bool, kind: String, found: [String], failures: [(path: String, errno: Int32)],
        fix: String = DeviceAccessFix.current
    ) -> SourceStatus {
        guard wanted else { return SourceStatus(.unused, "no binding uses the \(kind)") }
        var detail =
            "libinput on \(seat): \(found.count) \(kind)(s)"
            + (!found.isEmpty
                ? ": " + found.joined(separator: ", ")
                : failures.isEmpty ? ": none present yet; one that appears is used at once" : "")
        if let failure = failures.first {
            let name = failure.errno == EACCES ? "EACCES" : "errno \(failure.errno)"
            detail +=
                "; \(failures.count) device(s) could not be opened, first \(failure.path): \(String(cString: strerror(failure.errno))) (\(name))"
                + (failure.errno == EACCES ? "; \(fix)" : "")
        }
        return SourceStatus(found.isEmpty && !failures.isEmpty ? .unavailable : .active, detail)
    }
}
