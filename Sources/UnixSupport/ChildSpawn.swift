import CSpawn
public import Glibc

/// Starts a child of animd's with posix_spawn: the descriptors it is given, nothing else of animd's (not the
/// listening socket, the clients' sockets, the event loop's epoll, nor a descriptor some library opened without
/// close-on-exec), and every signal back to its default and none blocked (animd ignores and blocks some, and exec
/// would pass that on). On-snap commands and the touch relay start this way.
public enum ChildSpawn {
    /// What a child descriptor is: /dev/null, or a descriptor of animd's.
    public enum Source: Sendable {
        case null
        case descriptor(Int32)
    }

    /// Spawns `argv` (searched on PATH when `searchPath`) with `descriptors[i]` as its descriptor i, in its own
    /// process group when `ownGroup`. The pid, or posix_spawn's error code.
    public static func spawn(
        _ argv: [String], environment: [String], descriptors: [Source], searchPath: Bool, ownGroup: Bool
    )
        -> Result<Glibc.pid_t, SpawnError>
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (index, source) in descriptors.enumerated() {
            switch source {
            case .null:
                posix_spawn_file_actions_addopen(
                    &actions, Int32(index), "/dev/null", index == 0 ? O_RDONLY : O_WRONLY, 0)
            case let .descriptor(descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, Int32(index))
            }
        }
        animd_spawn_close_from(&actions, Int32(descriptors.count))
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer { for pointer in cArguments + cEnvironment { free(pointer) } }
        var pid = pid_t()
        let code =
            searchPath
            ? posix_spawnp(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
            : posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        return code == 0 ? .success(pid) : .failure(SpawnError(code: code))
    }

    public struct SpawnError: Error, Sendable {
        public let code: Int32
        public init(code: Int32) { self.code = code }
    }
}
