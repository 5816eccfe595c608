/// The streamer's seedable generator (SplitMix64): the same seed gives the same walk, socket ids
/// and flood frames on every machine, so tests and benchmarks can replay a run.
///
/// The simulator does not import LacriptaCore (it must not share code with the client it
/// tests), so this is its own copy of the ten-line algorithm.
struct StreamRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Seeds the generator.
    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A generator for a separate purpose (socket ids, flood frames) derived from the same seed,
    /// so drawing from one never shifts the sequence of another.
    static func derived(from seed: UInt64, purpose: UInt64) -> StreamRandom {
        var mixer = StreamRandom(seed: seed ^ (purpose &* 0xD6E8_FEB8_6659_FD93))
        return StreamRandom(seed: mixer.next())
    }

    /// True with probability `probability` (0...1).
    mutating func chance(_ probability: Double) -> Bool {
        probability > 0 && Double.random(in: 0..<1, using: &self) < probability
    }
}
