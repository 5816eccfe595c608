import LacriptaCore
import LacriptaWebSocket

/// The receive path's frame work on a pre-built buffer: no sockets.
enum FrameBenchmarks {
    /// How much is fed per call, as one socket read of the client would.
    static let readSize = ReadBatchBuilder.readSize

    /// Encodes the recorded updates as server frames, cycled into about 32 MB.
    static func buffer() -> (bytes: [UInt8], frames: Int) {
        let encoder = FrameEncoder(role: .server)
        let frames = StreamerBenchmark.recordedUpdates.map { encoder.encode(Frame(opcode: .text, payload: Array($0.utf8))) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(33 << 20)
        var count = 0
        while bytes.count < 32 << 20 {
            bytes += frames[count % frames.count]
            count += 1
        }
        return (bytes, count)
    }

    /// Runs both measurements over `frames` frames (the buffer is cycled) and reports them.
    static func run(frames: Int) {
        let (bytes, perPass) = buffer()
        let passes = max(1, frames / perPass)
        var best = (walk: 0.0, decode: 0.0)
        for _ in 0..<3 {
            best.walk = max(best.walk, walkHeaders(bytes, passes: passes, frames: perPass))
            best.decode = max(best.decode, decode(bytes, passes: passes, frames: perPass))
        }
        report("header-walk", ["framesPerSecond": best.walk])
        report("decoder", ["framesPerSecond": best.decode, "frames": Double(passes * perPass)])
    }

    /// The floor: read each header's length and jump over the payload, nothing else.
    static func walkHeaders(_ bytes: [UInt8], passes: Int, frames: Int) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        var count = 0
        bytes.withUnsafeBufferPointer { buffer in
            for _ in 0..<passes {
                var offset = 0
                while offset + 2 <= buffer.count {
                    var length = Int(buffer[offset + 1] & 0x7F)
                    var header = 2
                    if length == 126 {
                        length = Int(buffer[offset + 2]) << 8 | Int(buffer[offset + 3])
                        header = 4
                    } else if length == 127 {
                        length = 0
                        for index in 0..<8 { length = length << 8 | Int(buffer[offset + 2 + index]) }
                        header = 10
                    }
                    offset += header + length
                    count += 1
                }
            }
        }
        let elapsed = seconds(start.duration(to: clock.now))
        precondition(count == passes * frames, "walked \(count) frames")
        return Double(count) / elapsed
    }

    /// What the client's I/O thread does: for every read of up to `readSize` bytes, take them
    /// into the read buffer (as `recv` would) and run `decodeRead` on them.
    static func decode(_ bytes: [UInt8], passes: Int, frames: Int) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        var decoder = FrameDecoder(role: .client)
        var machine = ConnectionStateMachine()
        var builder = ReadBatchBuilder()
        var readBuffer = ReadBatchBuilder.makeReadBuffer()
        var delivered = 0
        for _ in 0..<passes {
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + readSize)
                readBuffer.withUnsafeMutableBytes { buffer in
                    bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<end])) }
                }
                delivered +=
                    decodeRead(
                        count: end - offset, of: &readBuffer, decoder: &decoder, machine: &machine, builder: &builder
                    ).count
                offset = end
            }
        }
        let elapsed = seconds(start.duration(to: clock.now))
        precondition(delivered == passes * frames, "delivered \(delivered) messages")
        return Double(delivered) / elapsed
    }

    /// The I/O thread's work on one read of `count` bytes at the start of `readBuffer`, as
    /// `ConnectionDriver.consumeRead` does it, with the driver's own `ReadDecoding`: decode in
    /// place, check each message with the state machine (UTF-8 included), record it by position
    /// and hand the buffer over with the batch. Reactions (here only the messages that did not
    /// arrive in place) are applied as the driver's `apply` would. Kept out of line so
    /// `callgrind --toggle-collect='*decodeRead*'` counts exactly this work and not the copy
    /// standing in for `recv`.
    @inline(never)
    static func decodeRead(
        count: Int, of readBuffer: inout [UInt8], decoder: inout FrameDecoder, machine: inout ConnectionStateMachine,
        builder: inout ReadBatchBuilder
    ) -> WebSocketMessageBatch {
        builder.startRead(count: count)
        decodeFrames(readBuffer[0..<count], decoder: &decoder, machine: &machine, builder: &builder)
        let batch = builder.take(handingOver: &readBuffer)
        builder.endRead()
        return batch
    }

    /// Decodes every frame of `whole` into `builder`.
    private static func decodeFrames(
        _ whole: ArraySlice<UInt8>, decoder: inout FrameDecoder, machine: inout ConnectionStateMachine,
        builder: inout ReadBatchBuilder
    ) {
        var slice = whole
        while true {
            switch ReadDecoding.decodeFrames(&slice, of: whole, decoder: &decoder, machine: &machine, pending: &builder) {
            case .done:
                return
            case .react(let reaction, let then):
                if let outcome = reaction.outcome { fail("decoder: \(outcome)") }
                if let message = reaction.message { builder.append(message) }
                if then == .stop { return }
            }
        }
    }
}
