/// The 64-bit FNV-1a hash: stable across runs and machines, unlike `hashValue`, so what it seeds
/// (a chart's wobble, a feed's ETag) is the same every time.
enum FNV1a {
    /// The hash of `bytes`.
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
}
