/// Data messages that arrived together, in order: typically every complete message decoded from
/// one socket read.
///
/// The payloads lie in one buffer, so a batch of a few hundred small messages costs two
/// allocations instead of one per message, and a consumer on the hot path (the price feed) reads
/// each payload in place through `withUnsafePayloads` and `payloadRange(at:)`. As a collection it
/// also hands out ordinary `WebSocketMessage` values (each one a copy).
///
/// The buffer is often the socket read itself, handed over whole: payloads then sit where they
/// arrived, with frame headers (and the odd message the read did not finish) between them, and
/// the payloads of messages that did not arrive in place follow the read's bytes.
public struct WebSocketMessageBatch: Sendable, Equatable, RandomAccessCollection {
    /// Where one message's payload lies in `storage`, and its kind.
    struct Entry: Sendable, Equatable {
        var kind: WebSocketMessage.Kind
        var start: Int
        var end: Int
    }

    /// Every payload, possibly with other bytes between them.
    private var storage: [UInt8] = []
    private var entries: [Entry] = []

    /// An empty batch.
    public init() {}

    /// An empty batch with room for `messages` messages holding `bytes` payload bytes in total.
    public init(reservingBytes bytes: Int, messages: Int) {
        storage.reserveCapacity(bytes)
        entries.reserveCapacity(messages)
    }

    /// A batch of `messages`, in order.
    public init(_ messages: some Sequence<WebSocketMessage>) {
        for message in messages { append(message) }
    }

    /// A batch of the messages `entries` locates in `storage`; every entry must lie within it.
    init(storage: [UInt8], entries: [Entry]) {
        self.storage = storage
        self.entries = entries
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    /// The `index`th message, copied out of the batch.
    public subscript(index: Int) -> WebSocketMessage {
        WebSocketMessage(kind: entries[index].kind, payload: Array(storage[payloadRange(at: index)]))
    }

    /// The kind of the `index`th message.
    public func kind(at index: Int) -> WebSocketMessage.Kind {
        entries[index].kind
    }

    /// Where the `index`th message's payload lies in the bytes `withUnsafePayloads` passes.
    public func payloadRange(at index: Int) -> Range<Int> {
        entries[index].start..<entries[index].end
    }

    /// Appends a message.
    public mutating func append(_ message: WebSocketMessage) {
        message.payload.withUnsafeBytes { append(kind: message.kind, payload: $0) }
    }

    /// Appends a message whose payload is copied from `payload`.
    public mutating func append(kind: WebSocketMessage.Kind, payload: UnsafeRawBufferPointer) {
        let start = storage.count
        storage.append(contentsOf: payload)
        entries.append(Entry(kind: kind, start: start, end: storage.count))
    }

    /// Calls `body` with the buffer every payload lies in; slice it with `payloadRange(at:)`, as
    /// it may hold other bytes between the payloads. The pointer is valid only inside `body`.
    public func withUnsafePayloads<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBytes(body)
    }

    /// How much memory the batch holds on to, for flow control: the whole buffer (its capacity,
    /// headers and spare room included) and the message table.
    var footprint: Int {
        storage.capacity + entries.capacity * MemoryLayout<Entry>.stride
    }

    /// Two batches are equal when they hold the same messages in the same order, wherever their
    /// payloads lie.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.withUnsafePayloads { left in
            rhs.withUnsafePayloads { right in
                lhs.indices.allSatisfy { index in
                    lhs.kind(at: index) == rhs.kind(at: index)
                        && left[lhs.payloadRange(at: index)].elementsEqual(right[rhs.payloadRange(at: index)])
                }
            }
        }
    }
}
