#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment as it started, read from `environ`: Foundation's `ProcessInfo.environment` without
/// Foundation. A variable set twice keeps its first value, as `getenv` finds it.
public enum ProcessEnvironment {
    public static var current: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }
}
