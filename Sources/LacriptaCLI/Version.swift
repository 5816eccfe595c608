import LacriptaCore

/// The program version, printed by `--version`.
enum Version {
    /// Semantic version of this build (kept in Core, which also names itself with it to services).
    static let current = LacriptaVersion.current
}
