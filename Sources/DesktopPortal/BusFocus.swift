import CSDBus
import FocusSources
import Gestures
import Glibc
import UnixSupport

/// The focused window from the desktop shell on the session bus (issue 31), on the D-Bus thread beside the portal:
/// - GNOME Shell, through animd's own extension (gnome-shell/): its `Get()` once, then `Changed`; where the user has
///   the third-party Focused Window D-Bus extension instead, that one's `Get()` and `FocusChanged`. Both are read
///   again when GNOME Shell says an extension was enabled or disabled (`ExtensionStateChanged`);
/// - KWin, which has no focus to read from outside: animd writes a script, loads it (`loadScript`, `start`), and the
///   script calls animd's `Report` on each activation; only KWin's own connection is believed.
/// Each shell is followed while its name has an owner (`ownerChanged`). Nothing polls, but one thing is retried: a
/// `GetNameOwner` that failed (not one that found no owner), which would otherwise leave the shell unread until its
/// name next changes owner; the reason is the focus's meanwhile (`retryAt`).
///
final class BusFocus {
    private let bus: OpaquePointer
    /// Where the KWin script is written.
    private let scriptFolder: KWinScriptFolder
    private let report: (SessionFocus?) -> Void
    /// What each shell says; nil while it is not on the bus. GNOME's is from animd's extension where it answers.
    private var gnome: SessionFocus?
    private var kde: SessionFocus?
    /// KWin's unique name, the only sender whose `Report` is taken.
    private var kwinOwner: String?
    private var published: SessionFocus?
    /// When to ask the bus again who owns a shell's name after asking failed, and whether GNOME Shell's version is
    /// worth asking again.
    private var retries = ShellRetries(interval: BusFocus.retrySeconds, versionTries: BusFocus.versionTries)

    typealias GNOME = DesktopShellFocus.GNOME
    typealias FocusedWindowDBus = DesktopShellFocus.FocusedWindowDBus
    typealias KWin = DesktopShellFocus.KWin

    init(bus: OpaquePointer, scriptFolder: KWinScriptFolder, report: @escaping (SessionFocus?) -> Void) {
        self.bus = bus; self.scriptFolder = scriptFolder; self.report = report
    }

    /// Matches GNOME's signals and offers `Report` to KWin, then reads both shells; false when the bus refused.
    func start() -> Bool {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let gnomeSignals: [(path: String, interface: String, member: String)] = [
            (GNOME.path, GNOME.interface, GNOME.signal),
            (FocusedWindowDBus.path, FocusedWindowDBus.interface, FocusedWindowDBus.signal),
            (GNOME.extensionsPath, GNOME.extensionsInterface, GNOME.extensionStateChanged),
        ]
        let matched = gnomeSignals.allSatisfy { path, interface, member in
            sd_bus_match_signal(
                bus, nil, GNOME.service, path, interface, member,
                { message, user, _ in
                    guard let message, let user else { return 0 }
                    Unmanaged<BusFocus>.fromOpaque(user).takeUnretainedValue().gnomeSignalled(message)
                    return 0
                }, me) >= 0
        }
        let object = sd_bus_add_object(
            bus, nil, KWin.reportPath,
            { message, user, _ in
                guard let message, let user else { return 0 }
                return Unmanaged<BusFocus>.fromOpaque(user).takeUnretainedValue().kwinReported(message)
            }, me)
        guard matched, object >= 0 else { return false }
        readGNOME()
        loadKWinScript()
        publish()
        return true
    }

    /// The next time a shell's owner is to be asked again; nil while none is.
    var retryAt: Double? { retries.next }

    /// Asks again about the shells whose owner could not be asked, once their time has come: each alone, so that a
    /// KWin that answered is not handed its script again for GNOME's sake.
    func retryIfDue(now: Double) {
        let due = retries.names(dueAt: now)
        guard !due.isEmpty else { return }
        for name in due {
            if name == GNOME.service { readGNOME() } else { loadKWinScript() }
        }
        publish()
    }

    /// A bus name's owner changed: a shell that starts (or restarts) is read again; one that leaves says nothing more.
    func ownerChanged(name: String, owner: String) {
        switch name {
        case GNOME.service:
            if owner.isEmpty { gnome = nil } else { readGNOME() }
        case KWin.service:
            if owner.isEmpty {
                (kde, kwinOwner) = (nil, nil)
            } else {
                loadKWinScript()
            }
        default: return
        }
        publish()
    }

    /// A shell that knows the focus wins over one that does not; GNOME first, as only one runs in a session.
    private func publish() {
        let focus: SessionFocus?
        if case .known? = gnome {
            focus = gnome
        } else if case .known? = kde {
            focus = kde
        } else {
            focus = gnome ?? kde
        }
        guard focus != published else { return }
        published = focus
        report(focus)
    }

    // MARK: - GNOME

    /// Reads animd's extension, else the Focused Window extension, else says how to enable animd's.
    private func readGNOME() {
        switch ownership(of: GNOME.service) {
        case .owner: break
        case .none:
            gnome = nil
            return
        case let .unknown(why):
            gnome = .unknown(reason: why)
            return
        }
        let own = call(GNOME.service, GNOME.path, GNOME.interface, "Get", [], read: Self.ownExtensionFocus)
        if case let .success(focus?) = own {
            gnome = focus
            return
        }
        let other = call(
            GNOME.service, FocusedWindowDBus.path, FocusedWindowDBus.interface, "Get", [],
            read: { BusCall.string(in: $0) })
        if case let .success(text?) = other {
            gnome =
                FocusedWindowDBus.focus(fromJSON: text)
                ?? .unknown(reason: "GNOME Shell's Focused Window D-Bus extension answered what animd cannot read")
            return
        }
        let version = shellVersion()
        // A shell still starting owns its name before its objects are on the bus, and may not answer in time: it is
        // asked again, as when its owner could not be asked, a bounded number of times for its version.
        let starting = [own.failure, other.failure].contains { $0?.isNoAnswer == true }
        let versionAgain = retries.versionAsked(said: version.failure == nil)
        if starting || versionAgain { retries.schedule(GNOME.service, now: monotonicSeconds()) }
        gnome = .unknown(reason: Self.noExtensionReason(shellVersion: try? version.get()))
    }

    /// How many times GNOME Shell's version is asked for while it does not say it (about 20 s, as a shell starts).
    static let versionTries = 10

    /// GNOME Shell runs, and neither extension answers: the command that enables animd's, for the version that runs.
    static func noExtensionReason(shellVersion: String?) -> String {
        "GNOME Shell\(shellVersion.map { " " + $0 } ?? "") runs without animd's extension, which tells animd the "
            + "focused window; enable it with \(AnimdGNOMEExtension.enableAdvice(shellVersion: shellVersion)) "
            + "(a shell started before animd was installed sees it after the next log-in; docs/focus.md)"
    }

    /// `org.gnome.Shell`'s `ShellVersion` property ("43.9"); nil when it says none.
    private func shellVersion() -> Result<String?, BusCall.Failure> {
        call(
            GNOME.service, GNOME.extensionsPath, "org.freedesktop.DBus.Properties", "Get",
            [GNOME.service, "ShellVersion"]
        ) { message -> String? in
            guard sd_bus_message_enter_container(message, CChar(UInt8(ascii: "v")), "s") > 0 else { return nil }
            return BusCall.string(in: message).map { String($0.prefix(32)) }
        }
    }

    /// `(ssssb)`, as `Get` answers and `Changed` sends.
    private static func ownExtensionFocus(_ message: OpaquePointer) -> SessionFocus? {
        guard let wmClass = BusCall.string(in: message), let instance = BusCall.string(in: message),
            let appID = BusCall.string(in: message), let title = BusCall.string(in: message)
        else { return nil }
        var fullscreen: Int32 = 0
        guard sd_bus_message_read_basic(message, CChar(UInt8(ascii: "b")), &fullscreen) > 0 else { return nil }
        return GNOME.focus(
            wmClass: wmClass, instance: instance, appID: appID, title: title, fullscreen: fullscreen != 0)
    }

    /// A signal from GNOME Shell: animd's extension's focus, the Focused Window extension's (taken only while animd's
    /// is not what animd reads), or an extension's state, after which both are read again.
    private func gnomeSignalled(_ message: OpaquePointer) {
        guard let member = sd_bus_message_get_member(message) else { return }
        switch String(cString: member) {
        case GNOME.signal:
            guard let focus = Self.ownExtensionFocus(message) else { return }
            gnome = focus
        case FocusedWindowDBus.signal:
            guard gnome?.source != GNOME.source, let text = BusCall.string(in: message),
                let focus = FocusedWindowDBus.focus(fromJSON: text)
            else { return }
            gnome = focus
        case GNOME.extensionStateChanged:
            readGNOME()
        default: return
        }
        publish()
    }

    // MARK: - KWin

    private func loadKWinScript() {
        let owner: String
        switch ownership(of: KWin.service) {
        case let .owner(name): owner = name
        case .none:
            (kde, kwinOwner) = (nil, nil)
            return
        case let .unknown(why):
            (kde, kwinOwner) = (.unknown(reason: why), nil)
            return
        }
        kwinOwner = owner
        var unique: UnsafePointer<CChar>?
        guard sd_bus_get_unique_name(bus, &unique) >= 0, let unique else {
            kde = .unknown(reason: "animd has no name on the session bus")
            return
        }
        switch writeKWinScript(reportingTo: String(cString: unique)) {
        case let .success(scriptPath): startKWinScript(at: scriptPath)
        case let .failure(refusal): kde = .unknown(reason: KWinScriptFolder.offReason(refusal))
        }
    }

    /// Writes the script that reports to `destination` into animd's private folder; its path.
    private func writeKWinScript(reportingTo destination: String) -> Result<String, PrivateFolder.Refusal> {
        let folder: PrivateFolder
        switch scriptFolder.open() {
        case let .success(opened): folder = opened
        case let .failure(refusal): return .failure(refusal)
        }
        let written = folder.writeFile(
            named: KWinScriptFolder.fileName, Array(KWin.script(destination: destination).utf8))
        // KWin opens the script by its name: the name must still lead into the folder checked above.
        if case .success = written, !folder.isStillAtItsPath {
            return .failure(.init("\(folder.path) was replaced while animd wrote into it"))
        }
        return written
    }

    /// Asks KWin to load the script at `scriptPath` and start it, in place of one an animd before this one loaded
    /// (KWin refuses a second script of the same name).
    private func startKWinScript(at scriptPath: String) {
        _ = call(KWin.service, KWin.scriptingPath, KWin.scriptingInterface, "unloadScript", [KWin.pluginName]) { _ in ()
        }
        let loaded = call(
            KWin.service, KWin.scriptingPath, KWin.scriptingInterface, "loadScript", [scriptPath, KWin.pluginName],
            read: { Self.int32(in: $0) })
        guard case let .success(id?) = loaded, id >= 0,
            case .success = call(
                KWin.service, KWin.scriptingPath, KWin.scriptingInterface, "start", [], read: { _ in () })
        else {
            kde = .unknown(reason: "KWin refused animd's script (\(scriptPath)): \(Self.describe(loaded))")
            return
        }
        kde = .unknown(reason: "KWin runs animd's script; its first report has not come yet")
    }

    /// `Report(s resourceClass, s resourceName, b fullScreen)` from the script, answered with an empty return.
    private func kwinReported(_ message: OpaquePointer) -> Int32 {
        guard let member = sd_bus_message_get_member(message), String(cString: member) == KWin.reportMember else {
            return 0
        }
        guard let sender = sd_bus_message_get_sender(message), String(cString: sender) == kwinOwner,
            let resourceClass = BusCall.string(in: message), let resourceName = BusCall.string(in: message)
        else { return 0 }
        var fullscreen: Int32 = 0
        guard sd_bus_message_read_basic(message, CChar(UInt8(ascii: "b")), &fullscreen) > 0 else { return 0 }
        kde = KWin.focus(
            resourceClass: String(resourceClass.prefix(FocusedWindow.nameLimit)),
            resourceName: String(resourceName.prefix(FocusedWindow.nameLimit)), fullscreen: fullscreen != 0)
        publish()
        var reply: OpaquePointer?
        if sd_bus_message_new_method_return(message, &reply) >= 0, let reply {
            _ = sd_bus_send(bus, reply, nil)
            sd_bus_message_unref(reply)
        }
        return 1
    }

    // MARK: - The bus

    private enum Ownership {
        case owner(String)
        case none
        /// Asking failed: the reason, for the focus, and a retry is due.
        case unknown(String)
    }

    /// Seconds between two tries to ask who owns a shell's name, after one failed.
    static let retrySeconds = 2.0

    /// Who owns `name`: its unique name, none (the bus says `NameHasNoOwner`), or not known, because asking failed;
    /// then it is asked again in `retrySeconds` (before, a failure was taken for "no owner", and the shell was never
    /// read until its name changed owner).
    private func ownership(of name: String) -> Ownership {
        retries.cancel(name)
        let why: String
        switch call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner", [name],
            read: { BusCall.string(in: $0) })
        {
        case let .success(owner?): return .owner(owner)
        case let .failure(failure) where failure.name == "org.freedesktop.DBus.Error.NameHasNoOwner": return .none
        case let .failure(failure): why = failure.name
        case .success(nil): why = "its answer held no name"
        }
        retries.schedule(name, now: monotonicSeconds())
        return .unknown(
            "animd could not ask the session bus who owns \(name) (\(why)); asking again every \(Self.retrySeconds) s")
    }

    /// Calls `member` with string arguments, without starting a shell that is not running, for at most 2 s.
    private func call<T>(
        _ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [String],
        read: (OpaquePointer) -> T?
    ) -> Result<T?, BusCall.Failure> {
        BusCall.call(
            bus, destination, path, interface, member, arguments, autoStart: false, timeout: 2_000_000, read: read)
    }

    private static func describe<T>(_ result: Result<T?, BusCall.Failure>) -> String {
        switch result {
        case let .failure(error): error.name
        case .success: "it answered no script"
        }
    }

    private static func int32(in message: OpaquePointer) -> Int32? {
        var number: Int32 = 0
        return sd_bus_message_read_basic(message, CChar(UInt8(ascii: "i")), &number) > 0 ? number : nil
    }

}
