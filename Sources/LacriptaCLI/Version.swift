/// The program version, printed by `--version`.
enum Version {
    /// Semantic version of this build.
    static let current = "0.1.0"
}
