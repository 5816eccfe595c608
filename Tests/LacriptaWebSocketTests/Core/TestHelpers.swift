import Testing
@testable import LacriptaWebSocket

/// A deterministic generator (SplitMix64) so masking keys and handshake keys are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Parses hex like "81 05 48 65" into bytes.
func hex(_ text: String) -> [UInt8] {
    text.split(separator: " ").compactMap { UInt8($0, radix: 16) }
}

/// Decodes every frame in `bytes`, fed in chunks of the given sizes (the rest in one go).
func decodeAll(_ bytes: [UInt8], chunks: [Int] = [], role: WebSocketRole = .client, max: Int = 4 << 20) throws -> [Frame] {
    var decoder = FrameDecoder(role: role, maxFrameSize: max)
    var frames: [Frame] = []
    var offset = 0
    var sizes = chunks
    while offset < bytes.count {
        let size = sizes.isEmpty ? bytes.count - offset : min(sizes.removeFirst(), bytes.count - offset)
        var slice = bytes[offset..<(offset + size)]
        offset += size
        while case .frame(let frame) = try decoder.next(&slice) {
            frames.append(frame)
        }
        #expect(slice.isEmpty)
    }
    return frames
}

/// Decodes `bytes` and returns the violation the decoder throws, if any.
func decoderViolation(_ bytes: [UInt8], role: WebSocketRole = .client, max: Int = 4 << 20) -> ProtocolViolation? {
    do {
        _ = try decodeAll(bytes, role: role, max: max)
        return nil
    } catch let violation as ProtocolViolation {
        return violation
    } catch {
        return nil
    }
}
