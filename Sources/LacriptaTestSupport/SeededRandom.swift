import LacriptaCore

/// The deterministic generator tests use for repeatable jitter, masking keys and shuffles. It
/// draws from the product's own `SplitMix64` (one implementation of the algorithm), wrapped so
/// that test targets without LacriptaCore, such as the WebSocket tests, can use it.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var generator: SplitMix64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    public mutating func next() -> UInt64 {
        generator.next()
    }
}
