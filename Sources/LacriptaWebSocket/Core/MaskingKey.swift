/// The 32-bit client-to-server masking key of RFC 6455 §5.3.
///
/// Masking and unmasking are the same XOR, so one routine serves the client encoder and the
/// server-side decoder of the fake server.
public struct MaskingKey: Sendable, Hashable {
    /// The key with its first wire byte in the most significant position. An integer rather than
    /// an array so that making a key per frame costs no allocation.
    public let value: UInt32

    /// Creates a key from its four wire bytes.
    public init(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8, _ b3: UInt8) {
        value = UInt32(b0) << 24 | UInt32(b1) << 16 | UInt32(b2) << 8 | UInt32(b3)
    }

    /// The four key bytes in wire order.
    public var bytes: [UInt8] { (0..<4).map(byte) }

    /// Key byte `index` (0...3) in wire order.
    @inline(__always)
    func byte(_ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index & 3))) }

    /// Creates a key from its integer form (first wire byte most significant).
    public init(value: UInt32) { self.value = value }

    /// A fresh key from `generator`; production passes `SystemRandomNumberGenerator` (getrandom),
    /// tests pass a seeded generator to get byte-exact output.
    public static func random(using generator: inout some RandomNumberGenerator) -> MaskingKey {
        MaskingKey(value: generator.next() as UInt32)
    }

    /// XORs `buffer` in place, where `buffer[0]` is payload byte number `phase` (mod 4) of its
    /// frame. Works a machine word at a time because unmasking sits on the receive hot path.
    public func apply(to buffer: UnsafeMutableRawBufferPointer, phase: Int = 0) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        let k0 = byte(phase)
        let k1 = byte(phase + 1)
        let k2 = byte(phase + 2)
        let k3 = byte(phase + 3)
        // Build the 8-byte pattern in memory order so the XOR is independent of endianness.
        var pattern: UInt64 = 0
        withUnsafeMutableBytes(of: &pattern) { raw in
            for offset in stride(from: 0, to: 8, by: 4) {
                raw[offset] = k0
                raw[offset + 1] = k1
                raw[offset + 2] = k2
                raw[offset + 3] = k3
            }
        }
        let count = buffer.count
        var index = 0
        while index + 8 <= count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            base.storeBytes(of: word ^ pattern, toByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            buffer[index] ^= byte(phase + index)
            index += 1
        }
    }

    /// XORs a whole payload in place, starting at phase 0.
    public func apply(to payload: inout [UInt8]) {
        payload.withUnsafeMutableBytes { apply(to: $0) }
    }
}
