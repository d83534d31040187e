#if canImport(Glibc)
    import Glibc
#endif

/// A folder that only this user may enter, held open: what animd writes for another program of the user's to read
/// (the KWin script) goes only into one (issue 47).
///
/// The checks are made on the opened folder, never on its name: it is opened without following a symbolic link
/// (`O_NOFOLLOW | O_DIRECTORY`), then `fstat` must say that it is a folder, that this user owns it, and that neither
/// its group nor others have any access to it. Files are made inside it relative to that descriptor, with
/// `O_CREAT | O_EXCL | O_NOFOLLOW`, so a name planted by anyone can be neither followed nor reused.
public final class PrivateFolder {
    public let path: String
    private let descriptor: Int32

    /// Why a folder is not private, said so that its user can fix it.
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// The folder at `path`, if it is this user's and private.
    public static func open(_ path: String) -> Result<PrivateFolder, Refusal> {
        guard path.hasPrefix("/") else { return .failure(Refusal("\(path) is not an absolute path")) }
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ELOOP || errno == ENOTDIR ? "it is not a folder (or is a symbolic link)" : errnoText()
            return .failure(Refusal("cannot open \(path): \(reason)"))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = errnoText()
            close(descriptor)
            return .failure(Refusal("cannot read \(path): \(reason)"))
        }
        if let problem = Self.problem(with: info, path: path) {
            close(descriptor)
            return .failure(Refusal(problem))
        }
        return .success(PrivateFolder(path: path, descriptor: descriptor))
    }

    /// The folder at `path`, made with mode 0700 when it does not exist; one that someone else made first is checked
    /// as any other (`open`). One made here is set to exactly 0700 once it is open and checked: `mkdir`'s mode passes
    /// through the process's umask, which another thread may have narrowed meanwhile (animd's loop binds its socket
    /// under umask 0177, and a folder made then was 0600: checked private, but no file could be made in it).
    public static func openOrMake(_ path: String) -> Result<PrivateFolder, Refusal> {
        let made = mkdir(path, 0o700) == 0
        if !made, errno != EEXIST { return .failure(Refusal("cannot make \(path): \(errnoText())")) }
        let opened = open(path)
        if made, case let .success(folder) = opened, fchmod(folder.descriptor, 0o700) != 0 {
            return .failure(Refusal("cannot set \(path) to mode 0700: \(errnoText())"))
        }
        return opened
    }

    /// What makes a folder's `stat` unfit, or nil.
    static func problem(with info: stat, path: String) -> String? {
        if info.st_mode & S_IFMT != S_IFDIR { return "\(path) is not a folder" }
        if info.st_uid != geteuid() { return "\(path) belongs to uid \(info.st_uid), not to uid \(geteuid())" }
        if info.st_mode & 0o077 != 0 {
            return "others may use \(path) (mode \(String(info.st_mode & 0o777, radix: 8))); chmod 700 it"
        }
        return nil
    }

    private init(path: String, descriptor: Int32) {
        self.path = path; self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Writes `bytes` as a new file `name` (mode 0600) in the folder, replacing the one of that name; returns its
    /// path. The name is unlinked first, then created with `O_EXCL`: whatever was there, even a symbolic link,
    /// is never opened.
    public func writeFile(named name: String, _ bytes: [UInt8]) -> Result<String, Refusal> {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            return .failure(Refusal("\(name) is not a file name"))
        }
        if unlinkat(descriptor, name, 0) != 0, errno != ENOENT {
            return .failure(Refusal("cannot replace \(path)/\(name): \(errnoText())"))
        }
        let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { return .failure(Refusal("cannot make \(path)/\(name): \(errnoText())")) }
        defer { close(file) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(file, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return .failure(Refusal("cannot write \(path)/\(name): \(errnoText())")) }
            offset += written
        }
        return .success(path + "/" + name)
    }

    /// Whether `path` still names the folder this holds open: checked just before the path is handed to another
    /// program, which opens it by name.
    public var isStillAtItsPath: Bool {
        var held = stat(), named = stat()
        return fstat(descriptor, &held) == 0 && lstat(path, &named) == 0 && held.st_dev == named.st_dev
            && held.st_ino == named.st_ino
    }
}
