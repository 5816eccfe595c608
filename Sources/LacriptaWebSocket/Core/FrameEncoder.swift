/// Turns frames into wire bytes (RFC 6455 §5.2), always with the shortest length form.
///
/// As a client it masks every frame with a fresh key from the injected generator (§5.3); as a
/// server (the fake server in tests and the simulator) it sends frames unmasked.
public struct FrameEncoder: Sendable {
    /// Decides whether frames are masked.
    public let role: WebSocketRole

    /// Creates an encoder for `role`.
    public init(role: WebSocketRole) {
        self.role = role
    }

    /// Appends `frame` to `buffer`, masked with a key from `generator` when encoding as a client.
    public func encode(
        _ frame: Frame, into buffer: inout [UInt8], using generator: inout some RandomNumberGenerator
    ) {
        let key: MaskingKey? = role == .client ? MaskingKey.random(using: &generator) : nil
        Self.encode(frame, maskingKey: key, into: &buffer)
    }

    /// Returns the wire bytes of `frame`, masked from the system generator when encoding as a client.
    public func encode(_ frame: Frame) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.headerSize(payloadCount: frame.payload.count, masked: role == .client) + frame.payload.count)
        encode(frame, into: &buffer, using: &generator)
        return buffer
    }

    /// Appends `frame` with an explicit key (or none): byte-exact output for tests, and masked
    /// server frames for fault injection.
    public static func encode(_ frame: Frame, maskingKey: MaskingKey?, into buffer: inout [UInt8]) {
        let count = frame.payload.count
        buffer.append((frame.fin ? FrameBits.fin : 0) | frame.reservedBits | frame.opcode.rawValue)
        let maskBit: UInt8 = maskingKey == nil ? 0 : FrameBits.mask
        if count < Int(FrameBits.length16) {
            buffer.append(maskBit | UInt8(count))
        } else if count <= Int(UInt16.max) {
            buffer.append(maskBit | FrameBits.length16)
            buffer.append(UInt8(count >> 8))
            buffer.append(UInt8(count & 0xFF))
        } else {
            buffer.append(maskBit | FrameBits.length64)
            let length = UInt64(count)
            for shift in stride(from: 56, through: 0, by: -8) {
                buffer.append(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
            }
        }
        guard let key = maskingKey else {
            buffer.append(contentsOf: frame.payload)
            return
        }
        for index in 0..<4 { buffer.append(key.byte(index)) }
        let start = buffer.count
        buffer.append(contentsOf: frame.payload)
        buffer.withUnsafeMutableBytes { raw in
            key.apply(to: UnsafeMutableRawBufferPointer(rebasing: raw[start...]))
        }
    }

    /// The header length for a payload of `payloadCount` bytes: 2, 4 or 10, plus 4 when masked.
    public static func headerSize(payloadCount: Int, masked: Bool) -> Int {
        let base = payloadCount < Int(FrameBits.length16) ? 2 : payloadCount <= Int(UInt16.max) ? 4 : 10
        return base + (masked ? 4 : 0)
    }
}
