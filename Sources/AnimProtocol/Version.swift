/// animd's release: what `daemon.hello` says, and `animd --version` and `animctl --version` print.
public enum AnimdVersion {
    public static let current = "0.1.0"
}
