import AnimClient
import AnimProtocol
import Glibc
import JSONText

/// Subscribes with `params` and hands each notification to `handle` until it
/// returns false, animd says it is shutting down or closes, or stdout closes.
/// Shared by `watch` and `record`.
/// `subscribed` receives the subscription's result (the transitions' current snapshots) first.
func followNotifications(
    _ rpc: RPCConnection, subscribe request: Request,
    subscribed: (JSONValue) -> Void = { _ in },
    _ handle: (_ method: String, _ params: JSONValue, _ line: [UInt8]) -> Bool
) {
    do {
        switch try rpc.call(request.method.rawValue, request.params) {
        case let .failure(error): reportRefusal(error, of: request.method)
        case let .success(result): subscribed(result)
        }
        while true {
            let line: [UInt8]
            do {
                guard let next = try rpc.readLine(timeout: 0.5) else { fail("animctl: animd closed the connection") }
                line = next
            } catch ClientError.timedOut {
                if stdoutClosed() { return }
                continue
            }
            guard let message = (try? JSONParser.parse(line)), message["id"] == nil,
                let method = message["method"]?.string
            else { continue }
            guard handle(method, message["params"] ?? .null, line), method != NotificationMethod.shutdown.rawValue
            else { return }
        }
    } catch {
        fail("animctl: \(error)")
    }
}
