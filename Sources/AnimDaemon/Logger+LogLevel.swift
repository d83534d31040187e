import AnimCore
import Logging

extension Logger {
    /// A log line of the core's (`CoreEffect.log`), at the level it says, with its fields.
    func log(_ level: LogLevel, _ message: String, _ fields: [String: String]) {
        let level: Logger.Level =
            switch level {
            case .debug: .debug
            case .info: .info
            case .notice: .notice
            case .warning: .warning
            case .error: .error
            }
        log(level: level, "\(message)", metadata: fields.mapValues { .string($0) })
    }
}
