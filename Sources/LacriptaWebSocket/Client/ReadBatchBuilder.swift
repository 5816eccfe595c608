/// Collects the data messages decoded from one socket read into a `WebSocketMessageBatch`
/// without copying the ones that lie whole in the read buffer (nearly all of them under load).
///
/// Such a message is recorded as a range of the read; when the read is done, the read buffer
/// itself becomes the batch's storage and the I/O thread reads on into a new one. Payloads that
/// did not arrive in place (fragmented messages, frames split across reads, control-path copies)
/// are collected on the side and go after the read's bytes.
package struct ReadBatchBuilder: Sendable {
    /// How many bytes one read asks for.
    package static let readSize = 64 * 1024
    /// Room a read buffer keeps after `readSize` for payloads that did not arrive in place,
    /// typically the message whose frame began in the previous read, so that adding them to the
    /// handed-over buffer does not reallocate it.
    static let spare = 4 * 1024

    /// The messages so far; offsets are those in the storage `take` builds: the read's bytes
    /// first, then `extra`.
    private var entries: [WebSocketMessageBatch.Entry] = []
    /// Payloads that did not arrive in place, back to back.
    private var extra: [UInt8] = []
    /// The size of the read being decoded (0 outside a read): where `extra` starts.
    private var readCount = 0
    /// Whether any message so far lies in the read.
    private var usesRead = false

    /// An empty builder, outside any read.
    package init() {}

    /// True when no message is waiting.
    package var isEmpty: Bool { entries.isEmpty }

    /// A buffer for one read: `readSize` bytes to read into and `spare` more capacity. It is not
    /// zeroed: every byte gets written by the read before anything looks at it.
    package static func makeReadBuffer() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: readSize + spare) { _, initialized in initialized = readSize }
    }

    /// Starts collecting the messages of a read of `count` bytes. Any waiting message must have
    /// been taken first: its offsets were meant for another read.
    package mutating func startRead(count: Int) {
        assert(isEmpty, "messages of an earlier read were not taken")
        readCount = count
        // Room for every message of a flood of small ones: one allocation per read.
        entries.reserveCapacity(count / 256 + 1)
    }

    /// Ends the current read: from here on messages come from outside any read.
    package mutating func endRead() {
        assert(isEmpty, "messages of the read were not taken")
        readCount = 0
    }

    /// Records a message whose payload is `range` of the current read's bytes.
    package mutating func append(kind: WebSocketMessage.Kind, inRead range: Range<Int>) {
        usesRead = true
        entries.append(WebSocketMessageBatch.Entry(kind: kind, start: range.lowerBound, end: range.upperBound))
    }

    /// Records a message whose payload is copied from `payload`.
    package mutating func append(kind: WebSocketMessage.Kind, payload: UnsafeRawBufferPointer) {
        let start = readCount + extra.count
        extra.append(contentsOf: payload)
        entries.append(WebSocketMessageBatch.Entry(kind: kind, start: start, end: readCount + extra.count))
    }

    /// Records a message, copying its payload.
    package mutating func append(_ message: WebSocketMessage) {
        message.payload.withUnsafeBytes { append(kind: message.kind, payload: $0) }
    }

    /// Takes the messages so far as a batch. When some lie in the read and it filled at least
    /// half of `readBuffer`, the buffer goes with the batch and a new one takes its place; a
    /// smaller read is copied instead, so a batch never holds much more memory than it uses.
    /// `readBuffer` must hold the current read at its start and not be shared: a shared buffer
    /// is copied when trimmed.
    package mutating func take(handingOver readBuffer: inout [UInt8]) -> WebSocketMessageBatch {
        guard usesRead, readCount >= Self.readSize / 2 else { return take(copying: readBuffer) }
        var storage = Self.makeReadBuffer()
        swap(&storage, &readBuffer)
        storage.removeLast(storage.count - readCount)
        storage.append(contentsOf: extra)
        return finishBatch(storage: storage)
    }

    /// Takes the messages so far as a batch, copying what they use of the read at the start of
    /// `read`; the read buffer stays with the caller (for use while it is still being decoded).
    package mutating func take(copying read: [UInt8]) -> WebSocketMessageBatch {
        var storage: [UInt8] = []
        if usesRead {
            storage.reserveCapacity(readCount + extra.count)
            storage.append(contentsOf: read[0..<readCount])
        } else {
            // Only copied payloads: they alone make the storage, so their offsets move back.
            for index in entries.indices {
                entries[index].start -= readCount
                entries[index].end -= readCount
            }
            storage.reserveCapacity(extra.count)
        }
        storage.append(contentsOf: extra)
        return finishBatch(storage: storage)
    }

    /// The batch of `entries` over `storage`; empties the builder, still within the same read.
    private mutating func finishBatch(storage: [UInt8]) -> WebSocketMessageBatch {
        var taken: [WebSocketMessageBatch.Entry] = []
        swap(&taken, &entries)
        // Keep the side buffer's room for the next read, unless a large message left it large.
        extra.removeAll(keepingCapacity: extra.capacity <= Self.spare)
        usesRead = false
        return WebSocketMessageBatch(storage: storage, entries: taken)
    }
}
