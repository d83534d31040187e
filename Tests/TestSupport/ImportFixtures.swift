/// The upstream configs `animctl import` is tested against (Tests/GestureImportTests/Fixtures/README.md says where
/// each comes from): the tool's name as `animctl import` takes it, and the file.
public enum ImportFixtures {
    public static let files: [(tool: String, file: String)] = [
        ("touchegg", "touchegg.conf"), ("touchegg", "touchegg-readme.conf"),
        ("libinput-gestures", "libinput-gestures.conf"), ("fusuma", "fusuma-config.yml"),
        ("fusuma", "fusuma-readme.yml"), ("fusuma", "fusuma-thresholds.yml"), ("fusuma", "fusuma-appmatcher.yml"),
        ("lisgd", "lisgd-config.def.h"), ("lisgd", "lisgd-new-config.def.h"), ("lisgd", "lisgd-command-line"),
    ]
}
