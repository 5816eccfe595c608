import Foundation

extension LedgerTransaction {
    /// The id `holdings tx` shows and `holdings tx rm` takes: the written `id:`, or for a line
    /// written by hand without one, six hex digits derived from the line itself (stable while the
    /// line is unchanged).
    public var shortID: String {
        if let id { return id }
        return Self.hexID(of: JournalLine.write(self))
    }

    /// Six hex digits of a 64-bit FNV-1a hash of `text`: stable across runs and platforms (Swift's
    /// `hashValue` is seeded per process).
    static func hexID(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash & 0xFF_FFFF, radix: 16)
        return String(repeating: "0", count: 6 - hex.count) + hex
    }

    /// A fresh short id not in `taken`: six random hex digits (`random` is injected for tests).
    public static func newID(avoiding taken: Set<String>, using random: inout some RandomNumberGenerator) -> String {
        while true {
            let hex = String(UInt32.random(in: 0...0xFF_FFFF, using: &random), radix: 16)
            let id = String(repeating: "0", count: 6 - hex.count) + hex
            if !taken.contains(id) { return id }
        }
    }
}
