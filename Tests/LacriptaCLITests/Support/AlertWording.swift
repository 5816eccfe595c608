/// What the end-to-end alert tests look for in what lacripta told. The simulator's walk starts
/// when a test turns its ticks on, and on a slow machine it may pass the level before the client
/// has its first price: the alert then fires with "already above … when first checked" instead of
/// "crossed above …". Both are one firing, told once; a test that looked only for "crossed"
/// failed in CI when a loaded runner connected late.
enum AlertWording {
    /// Whether `text` tells of a level alert firing, either way.
    static func saysFired(_ text: some StringProtocol) -> Bool {
        text.contains("crossed above") || text.contains("crossed below") || text.contains("when first checked")
    }
}
