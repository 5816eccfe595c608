/// Ways of reading one fuzz input as what a parser takes: lines, and splits into reads.
enum FuzzInput {
    /// The input cut at each `\n` (the line break dropped), as a recorded `.jsonl` session holds
    /// one message per line; a last line without a break counts too.
    static func lines(_ input: [UInt8]) -> [ArraySlice<UInt8>] {
        input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    }

    /// The input cut into reads of pseudo-random lengths (1 to 2 × `typical`), seeded by the input
    /// itself so that a run is repeatable from the input alone.
    static func reads(_ input: [UInt8], typical: Int) -> [ArraySlice<UInt8>] {
        var seed = UInt64(input.count)
        for byte in input.prefix(16) { seed = seed &* 31 &+ UInt64(byte) }
        var generator = SplitMixGenerator(state: seed)
        var reads: [ArraySlice<UInt8>] = []
        var start = 0
        while start < input.count {
            let length = Int(generator.next() % UInt64(2 * typical)) + 1
            let end = min(input.count, start + length)
            reads.append(input[start..<end])
            start = end
        }
        return reads
    }

    /// The input read one byte at a time.
    static func bytes(_ input: [UInt8]) -> [ArraySlice<UInt8>] {
        input.indices.map { input[$0..<($0 + 1)] }
    }

    /// The input as text; invalid UTF-8 becomes U+FFFD, as `String(decoding:)` does everywhere
    /// lacripta turns wire bytes into text.
    static func text(_ input: some Collection<UInt8>) -> String {
        String(decoding: input, as: UTF8.self)
    }
}

/// SplitMix64, for the input-seeded splits (repeatable; not for anything secret).
struct SplitMixGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
