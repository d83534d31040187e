import Foundation
import JSONText
import Testing

@testable import AnimProtocol

/// The notifications' names live in one enum; its line literals must say the same names, and every notification
/// the contract's golden wire file carries must be one of them.
struct NotificationMethodTests {
    @Test(arguments: NotificationMethod.allCases)
    func eachLinePrefixNamesItsMethod(method: NotificationMethod) {
        #expect(method.linePrefix.description == "{\"jsonrpc\":\"2.0\",\"method\":\"\(method.rawValue)\",\"params\":{")
    }

    @Test func everyNotificationOnTheWireIsInTheEnum() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let golden = try String(
            contentsOf: repository.appendingPathComponent("Tests/Fixtures/wire-golden.jsonl"), encoding: .utf8)
        var seen: Set<String> = []
        // "<client> <line from animd>", or "<client> → <request>"; what animd sent is the former.
        for line in golden.split(separator: "\n") where !line.contains("→ ") {
            guard let space = line.firstIndex(of: " ") else { continue }
            let message = try JSONParser.parse(Array(line[line.index(after: space)...].utf8))
            if message["id"] == nil, let method = message["method"]?.string { seen.insert(method) }
        }
        #expect(!seen.isEmpty)
        for method in seen {
            #expect(NotificationMethod(rawValue: method) != nil, "\(method) is not a NotificationMethod")
        }
    }
}
