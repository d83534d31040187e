public import JSONText
public import Motion

/// What motion animd plays and why (`daemon.hello`'s `motion`, the `daemon.motion` answer and event).
public struct MotionStatus: Hashable, Sendable {
    public var reduced: Bool
    /// The setting in force: the run-time one (`animctl motion`) over the config's.
    public var setting: MotionSetting
    /// What decided: `config`, `animctl`, or a desktop source (`portal`, `gnome`, `kde`, `xsettings`); nil when
    /// nothing asks for reduced motion and full motion is the default.
    public var source: String?
    /// The factor every duration is scaled by (KDE's `AnimationDurationFactor`); 1 when none is read.
    public var factor: Double
    /// In words, what animd follows and what it does not, so that a user can tell why motion is as it is.
    public var detail: String

    public init(reduced: Bool, setting: MotionSetting, source: String?, factor: Double, detail: String) {
        self.reduced = reduced; self.setting = setting; self.source = source; self.factor = factor; self.detail = detail
    }

    public var json: JSONValue {
        .object([
            ("state", .string(reduced ? "reduced" : "full")), ("setting", .string(setting.rawValue)),
            ("source", source.map(JSONValue.string) ?? .null), ("factor", .number(factor)), ("detail", .string(detail)),
        ])
    }

    /// Reads what `json` writes; nil for anything else.
    public init?(json: JSONValue) {
        guard let state = json["state"]?.string, state == "full" || state == "reduced",
            let setting = json["setting"]?.string.flatMap(MotionSetting.init(rawValue:)),
            let factor = json["factor"]?.number, factor.isFinite, factor > 0, let detail = json["detail"]?.string
        else { return nil }
        let source = json["source"]
        guard source == .null || source?.string != nil else { return nil }
        self.init(reduced: state == "reduced", setting: setting, source: source?.string, factor: factor, detail: detail)
    }
}
