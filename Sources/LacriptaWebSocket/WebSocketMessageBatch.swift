/// Data messages that arrived together, in order: typically every complete message decoded from
/// one socket read.
///
/// The payloads sit back to back in one buffer, so a batch of a few hundred small messages costs
/// two allocations instead of one per message, and a consumer on the hot path (the price feed)
/// reads each payload in place through `withUnsafePayloads` and `payloadRange(at:)`. As a
/// collection it also hands out ordinary `WebSocketMessage` values (each one a copy).
public struct WebSocketMessageBatch: Sendable, Equatable, RandomAccessCollection {
    /// Where one message ends in `bytes`, and its kind.
    private struct Entry: Sendable, Equatable {
        var kind: WebSocketMessage.Kind
        var end: Int
    }

    /// Every payload, back to back.
    public private(set) var bytes: [UInt8] = []
    private var entries: [Entry] = []

    /// An empty batch.
    public init() {}

    /// An empty batch with room for `messages` messages holding `bytes` payload bytes in total.
    public init(reservingBytes bytes: Int, messages: Int) {
        self.bytes.reserveCapacity(bytes)
        entries.reserveCapacity(messages)
    }

    /// A batch of `messages`, in order.
    public init(_ messages: some Sequence<WebSocketMessage>) {
        for message in messages { append(message) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    /// The `index`th message, copied out of the batch.
    public subscript(index: Int) -> WebSocketMessage {
        WebSocketMessage(kind: entries[index].kind, payload: Array(bytes[payloadRange(at: index)]))
    }

    /// The kind of the `index`th message.
    public func kind(at index: Int) -> WebSocketMessage.Kind {
        entries[index].kind
    }

    /// Where the `index`th message's payload lies in `bytes`.
    public func payloadRange(at index: Int) -> Range<Int> {
        (index == 0 ? 0 : entries[index - 1].end)..<entries[index].end
    }

    /// Appends a message.
    public mutating func append(_ message: WebSocketMessage) {
        bytes.append(contentsOf: message.payload)
        entries.append(Entry(kind: message.kind, end: bytes.count))
    }

    /// Appends a message whose payload is copied from `payload`.
    public mutating func append(kind: WebSocketMessage.Kind, payload: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: payload)
        entries.append(Entry(kind: kind, end: bytes.count))
    }

    /// Calls `body` with every payload byte; slice it with `payloadRange(at:)`. The pointer is
    /// valid only inside `body`.
    public func withUnsafePayloads<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes(body)
    }

    /// How much memory the batch holds on to, for flow control: the payloads plus a little per message.
    var footprint: Int {
        bytes.count + entries.count * MemoryLayout<Entry>.stride
    }
}
