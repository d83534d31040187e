import Foundation
import JSONText
import Testing

@testable import AnimProtocol

/// The method table (issue 60) is where each method's parameters are declared: decoding refuses what it does not
/// declare and requires what it declares required, `params` writes nothing else, and docs/protocol.md lists the
/// methods as it does.
struct MethodTableTests {
    /// A valid value of each kind, to fill the params a test does not look at.
    static func sample(_ param: Param) -> JSONValue {
        // A session variable's empty value unsets it: the one value every variable takes.
        if Param.environment.contains(param) { return "" }
        return switch param.kind {
        case .string: "sidebar"
        case let .number(range): .number(range.lowerBound)
        case .integer: 1
        case .bool: true
        case .strings: .array(["sidebar"])
        case let .choice(words): .string(words[0])
        case let .someOf(words): .array([.string(words[0])])
        case .timing: "ease-out"
        case .table: .object([])
        case .events: .array([])
        }
    }

    /// Every written sample's params are among its method's declared ones.
    @Test(arguments: RequestTests.samples)
    func requestsWriteOnlyDeclaredParams(_ request: Request) {
        let declared = Set(request.method.spec.params.map(\.key))
        for (key, _) in request.params?.objectMembers ?? [] {
            #expect(declared.contains(key), "\(request.method.rawValue) wrote \(key), which the table does not declare")
        }
    }

    /// A parameter the table does not declare is refused, naming exactly the declared ones.
    @Test(arguments: Method.allCases)
    func anUndeclaredParamIsRefusedNamingTheDeclaredOnes(_ method: Method) {
        let keys = method.spec.params.map(\.key)
        do {
            _ = try Request(method: method.rawValue, params: .object([("bogus", 1)]))
            Issue.record("\(method.rawValue) took an undeclared parameter")
        } catch {
            let expected =
                keys.isEmpty ? "(\(method.rawValue) takes none)" : "(expected \(keys.joined(separator: ", ")))"
            #expect(error.message.contains("unknown parameter \"bogus\" \(expected)"), "\(error.message)")
        }
    }

    /// With every declared parameter at a valid value the request reads; without a required one it is refused
    /// naming it, and without an optional one it still reads.
    @Test(arguments: Method.allCases)
    func requiredParamsAreRequiredAndOptionalOnesAreNot(_ method: Method) throws {
        let params = method.spec.params
        let full = JSONValue.object(params.map { ($0.key, Self.sample($0)) })
        _ = try Request(method: method.rawValue, params: full)
        for param in params {
            let without = JSONValue.object(params.filter { $0 != param }.map { ($0.key, Self.sample($0)) })
            if param.required {
                #expect(throws: RPCError.self) { try Request(method: method.rawValue, params: without) }
                do { _ = try Request(method: method.rawValue, params: without) } catch {
                    #expect(
                        error.message.contains("\"\(param.key)\" is required"), "\(method.rawValue): \(error.message)")
                }
            } else {
                #expect(throws: Never.self) { try Request(method: method.rawValue, params: without) }
            }
        }
    }

    /// A number out of its declared range is refused, naming the range.
    @Test(arguments: Method.allCases)
    func numbersAreHeldToTheirDeclaredRanges(_ method: Method) {
        let params = method.spec.params
        for param in params {
            guard case let .number(range) = param.kind else { continue }
            let members = params.map {
                ($0.key, $0 == param ? JSONValue.number(range.upperBound * 2 + 1) : Self.sample($0))
            }
            do {
                _ = try Request(method: method.rawValue, params: .object(members))
                Issue.record("\(method.rawValue) took \(param.key) past \(range)")
            } catch {
                #expect(error.message.contains("\"\(param.key)\" must be between"), "\(error.message)")
            }
        }
    }

    /// docs/protocol.md's method table is the table's: each method, its parameters (required ones bare, optional
    /// ones with `?`) and what it reaches.
    @Test func theProtocolDocumentListsTheTable() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../docs/protocol.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- method-table: checked by MethodTableTests -->\n", end = "<!-- /method-table -->"
        let shown = text.components(separatedBy: begin).dropFirst().first?.components(separatedBy: end).first
        #expect(shown == Self.documented, "docs/protocol.md's method table should read:\n\(Self.documented)")
    }

    static var documented: String {
        var lines = ["| method | params | reach |", "|---|---|---|"]
        for method in Method.allCases {
            let spec = method.spec
            let params =
                spec.method == .environment
                ? "one per session variable: " + spec.params.map { "`\($0.key)?`" }.joined(separator: ", ")
                : spec.params.map { "`\($0.key)\($0.required ? "" : "?")`" }.joined(separator: ", ")
            let reach =
                switch spec.reach {
                case .asks: "asks"
                case .itsConnection: "its connection"
                case .daemon: "the daemon"
                case let .asksWithout(param): "asks; with `\(param.key)`, the daemon"
                }
            lines.append("| `\(method.rawValue)` | \(params.isEmpty ? "—" : params) | \(reach) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
