import Testing

@testable import LacriptaWebSocket

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
