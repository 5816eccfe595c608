/// The colour settings among the config keys: `theme` and one `color.ROLE` per colour role.
extension ConfigKey {
    /// The prefix of every colour role's setting.
    public static let colorPrefix = "color."

    /// The `color.*` settings, in order.
    public static var colorKeys: [ConfigKey] { allCases.filter(\.isColor) }

    /// Whether this is a `color.ROLE` setting.
    public var isColor: Bool { rawValue.hasPrefix(Self.colorPrefix) }

    /// The role a `color.*` setting colours ("up" for `color.up`); nil for the other settings.
    public var colorRole: String? { isColor ? String(rawValue.dropFirst(Self.colorPrefix.count)) : nil }

    /// The settings' names for messages and help, sorted, with the colour roles as one
    /// `color.ROLE` entry (the roles are listed where a role is asked for).
    public static var summaryNames: [String] {
        allCases.filter { !$0.isColor }.map(\.rawValue).sorted() + ["color.ROLE"]
    }
}
