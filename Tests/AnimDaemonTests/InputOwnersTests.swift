import Gestures
import Testing

@testable import AnimCore
@testable import AnimDaemon

/// Who drives each source, and how `input.event` names them: each backend by its own name, injected input as
/// "inject" (docs/protocol.md).
struct InputOwnersTests {
    @Test func eachOwnerHasTheOriginTheProtocolNames() {
        #expect(InputOwners.Owner.backend(.x11).origin == "x11")
        #expect(InputOwners.Owner.backend(.libinput).origin == "libinput")
        #expect(InputOwners.Owner.client(3).origin == "inject")
    }

    /// A vanished owner gives up exactly the sources it was tracking; a finished sequence has no owner left.
    @Test func aVanishedOwnerReleasesOnlyItsOwnSources() {
        var owners = InputOwners()
        owners.record(.touch, by: .backend(.libinput), tracking: true)
        owners.record(.touchpad, by: .client(1), tracking: true)
        owners.record(.pointer, by: .backend(.libinput), tracking: false)
        #expect(owners.release(.client(2)) == [])
        #expect(owners.release(.backend(.libinput)) == [.touch])
        #expect(owners.release(.client(1)) == [.touchpad])
        #expect(owners.release(.backend(.libinput)) == [])
    }
}
