import Testing

@testable import LacriptaWebSocket

/// Batches built over the read buffer: messages found in place and copied ones keep their order,
/// the buffer goes with the batch only when that is worth it, and a batch never shares bytes the
/// I/O thread writes into afterwards.
@Suite struct ReadBatchBuilderTests {
    /// A read buffer whose first `count` bytes are a read: dots, with `words` at their offsets.
    private func read(count: Int, _ words: [Int: String]) -> [UInt8] {
        var buffer = ReadBatchBuilder.makeReadBuffer()
        for index in 0..<count { buffer[index] = 0x2E }
        for (offset, word) in words {
            for (index, byte) in word.utf8.enumerated() { buffer[offset + index] = byte }
        }
        return buffer
    }

    /// Where `buffer`'s bytes live, to tell whether it was replaced.
    private func address(_ buffer: [UInt8]) -> UnsafeRawPointer? {
        buffer.withUnsafeBytes { $0.baseAddress }
    }

    /// Records a copied text message.
    private func appendCopy(_ text: String, to builder: inout ReadBatchBuilder) {
        Array(text.utf8).withUnsafeBytes { builder.append(kind: .text, payload: $0) }
    }

    @Test func messagesInTheReadAndCopiedOnesComeInOrderAndTheBufferGoesAlong() {
        let count = ReadBatchBuilder.readSize
        var buffer = read(count: count, [2: "alpha", 100: "gamma", count - 5: "omega"])
        let original = address(buffer)
        var builder = ReadBatchBuilder()
        builder.startRead(count: count)
        appendCopy("head", to: &builder)  // e.g. the end of a frame that began in the previous read
        builder.append(kind: .text, inRead: 2..<7)
        builder.append(.binary([1, 2, 3]))
        builder.append(kind: .binary, inRead: 100..<105)
        builder.append(kind: .text, inRead: (count - 5)..<count)
        appendCopy("", to: &builder)
        let batch = builder.take(handingOver: &buffer)
        builder.endRead()

        #expect(
            Array(batch) == [
                .text("head"), .text("alpha"), .binary([1, 2, 3]), .binary(Array("gamma".utf8)), .text("omega"), .text(""),
            ])
        #expect(batch.withUnsafePayloads { $0.baseAddress } == original)  // the read itself, not a copy
        #expect(address(buffer) != original)
        #expect(buffer.count == ReadBatchBuilder.readSize)
        #expect(batch.footprint >= count)
        #expect(builder.isEmpty)
    }

    @Test func theNextReadDoesNotTouchAnEarlierBatch() {
        var buffer = read(count: ReadBatchBuilder.readSize, [10: "first"])
        var builder = ReadBatchBuilder()
        builder.startRead(count: ReadBatchBuilder.readSize)
        builder.append(kind: .text, inRead: 10..<15)
        let first = builder.take(handingOver: &buffer)
        builder.endRead()

        // The next read lands where the first one was.
        for index in buffer.indices { buffer[index] = 0xFF }
        builder.startRead(count: ReadBatchBuilder.readSize)
        builder.append(kind: .binary, inRead: 10..<15)
        let second = builder.take(handingOver: &buffer)
        builder.endRead()

        #expect(Array(first) == [.text("first")])
        #expect(Array(second) == [.binary(Array(repeating: 0xFF, count: 5))])
    }

    @Test func aSmallReadIsCopiedAndTheBufferStays() {
        var buffer = read(count: 100, [3: "tiny"])
        let original = address(buffer)
        var builder = ReadBatchBuilder()
        builder.startRead(count: 100)
        builder.append(kind: .text, inRead: 3..<7)
        appendCopy("tail", to: &builder)
        let batch = builder.take(handingOver: &buffer)
        builder.endRead()

        #expect(Array(batch) == [.text("tiny"), .text("tail")])
        #expect(address(buffer) == original)
        #expect(batch.withUnsafePayloads { $0.baseAddress } != original)
        #expect(batch.footprint < 1024)  // not a whole read buffer for 8 bytes
    }

    @Test func onlyCopiedMessagesNeedNoneOfTheRead() {
        var buffer = read(count: ReadBatchBuilder.readSize, [:])
        let original = address(buffer)
        var builder = ReadBatchBuilder()
        builder.startRead(count: ReadBatchBuilder.readSize)
        appendCopy("fragmented", to: &builder)
        appendCopy("message", to: &builder)
        let batch = builder.take(handingOver: &buffer)
        builder.endRead()

        #expect(Array(batch) == [.text("fragmented"), .text("message")])
        #expect(batch.payloadRange(at: 0) == 0..<10)
        #expect(address(buffer) == original)
        #expect(batch.footprint < ReadBatchBuilder.readSize / 4)  // a message table, but not the read buffer
    }

    @Test func aBatchTakenMidReadCopiesAndTheRestOfTheReadStillWorks() {
        let count = ReadBatchBuilder.readSize
        var buffer = read(count: count, [0: "early", 50: "late"])
        let original = address(buffer)
        var builder = ReadBatchBuilder()
        builder.startRead(count: count)
        builder.append(kind: .text, inRead: 0..<5)
        let early = builder.take(copying: buffer)  // e.g. the stream ends while the read is decoded
        #expect(address(buffer) == original)
        builder.append(kind: .text, inRead: 50..<54)
        appendCopy("copied", to: &builder)
        let late = builder.take(handingOver: &buffer)
        builder.endRead()

        #expect(Array(early) == [.text("early")])
        #expect(Array(late) == [.text("late"), .text("copied")])
    }

    @Test func messagesOutsideAReadAreCopied() {
        var buffer = ReadBatchBuilder.makeReadBuffer()
        var builder = ReadBatchBuilder()
        builder.append(.text("after the end"))
        #expect(!builder.isEmpty)
        let batch = builder.take(handingOver: &buffer)
        #expect(Array(batch) == [.text("after the end")])
        #expect(builder.isEmpty)
    }

    @Test func batchesCompareByTheirMessagesNotTheirLayout() {
        var buffer = read(count: ReadBatchBuilder.readSize, [7: "same"])
        var builder = ReadBatchBuilder()
        builder.startRead(count: ReadBatchBuilder.readSize)
        builder.append(kind: .text, inRead: 7..<11)
        let inPlace = builder.take(handingOver: &buffer)
        builder.endRead()

        #expect(inPlace == WebSocketMessageBatch([.text("same")]))
        #expect(inPlace != WebSocketMessageBatch([.binary(Array("same".utf8))]))
        #expect(inPlace != WebSocketMessageBatch([.text("same"), .text("")]))
        #expect(inPlace != WebSocketMessageBatch([.text("sane")]))
    }
}
