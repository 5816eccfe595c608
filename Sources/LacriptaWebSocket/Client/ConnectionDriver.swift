import Foundation
import LacriptaNet

/// Runs one connection on its own I/O thread: connect, TLS, upgrade, then a `poll(2)` loop that
/// feeds received bytes through `FrameDecoder` and `ConnectionStateMachine` and writes queued
/// frames. The thread owns the socket and the `SSL*`, so OpenSSL never sees two threads at once.
final class ConnectionDriver: @unchecked Sendable {
    // @unchecked: after `init`, every `var` below is touched only by the I/O thread running
    // `run`; other threads talk to it only through `shared` (locked) and `wake` (a pipe).
    let endpoint: URLTarget
    let request: HandshakeRequest
    let options: WebSocketClientOptions
    let shared: Locked<ConnectionShared>
    let wake: WakePipe

    var stream: (any ByteStream)?
    var decoder: FrameDecoder
    var machine: ConnectionStateMachine
    let encoder = FrameEncoder(role: .client)
    var generator = SystemRandomNumberGenerator()
    /// Where reads land; handed over with the batch of messages that lie in it, then replaced.
    var readBuffer = ReadBatchBuilder.makeReadBuffer()
    var outbound: [UInt8] = []
    var outboundOffset = 0
    var pendingCommands: [ConnectionCommand] = []
    var readWaitsForWritable = false
    var writeWaitsForWritable = false
    var transportEnded = false
    var transportErrorDetail: String?
    var closeDeadline: Deadline?
    /// With `options.readInterval`: no read before this, after a read that brought bytes.
    var nextRead: Deadline?
    var finished = false
    /// Messages decoded from the current read, delivered as one batch once the read is consumed.
    var pending = ReadBatchBuilder()
    /// True while a read in `readBuffer` is being decoded: a batch delivered then (before the
    /// stream ends) copies what it uses of the buffer instead of taking it.
    var decoding = false
    /// Set when the message stream's consumer is gone: nothing waits for room any more.
    var consumerGone = false

    /// Prepares a driver; nothing happens until `run` is called on the I/O thread.
    init(
        endpoint: URLTarget, request: HandshakeRequest, options: WebSocketClientOptions, shared: Locked<ConnectionShared>,
        wake: WakePipe
    ) {
        self.endpoint = endpoint
        self.request = request
        self.options = options
        self.shared = shared
        self.wake = wake
        decoder = FrameDecoder(role: .client, maxFrameSize: options.maxMessageSize)
        machine = ConnectionStateMachine(maxMessageSize: options.maxMessageSize)
    }

    /// The I/O thread's body: reports the handshake result through `opened`, then serves the
    /// connection until it is closed, and finally releases everything.
    func run(opened: @Sendable (Result<Void, any Error>) -> Void) {
        let leftover: [UInt8]
        do {
            leftover = try establish()
        } catch {
            let reported: any Error = (error as? NetError)?.kind == .cancelled ? CancellationError() : error
            finished = true
            shared.withLock { $0.delivery.finish(throwing: reported) }
            opened(.failure(reported))
            release()
            return
        }
        opened(.success(()))
        // Frames that arrived in the same read as the 101 response go through the read buffer
        // like any later read.
        var offset = 0
        while offset < leftover.count {
            let count = min(ReadBatchBuilder.readSize, leftover.count - offset)
            readBuffer.withUnsafeMutableBytes { buffer in
                leftover.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
            }
            consumeRead(count: count)
            offset += count
        }
        serve()
        release()
    }

    // MARK: - Opening handshake

    /// Connects, runs TLS and the HTTP upgrade; returns bytes received after the response head.
    /// The connection is a `BlockingConnection` until the upgrade is done; the poll loop then
    /// takes its stream. Throws `WebSocketError`, or `NetError` of kind `.cancelled`.
    private func establish() throws -> [UInt8] {
        let isCancelled = { [shared] in shared.withLock { $0.connectCancelled } }
        do {
            if isCancelled() { throw NetError(.cancelled) }
            let connection = try BlockingConnection.open(
                target: endpoint, caFile: options.caFile, connectDeadline: Deadline(after: options.connectTimeout),
                deadline: { [options] in Deadline(after: options.handshakeTimeout) }, wake: wake, isCancelled: isCancelled)
            let leftover = try upgrade(over: connection, described: endpoint.hostHeader)
            stream = connection.takeStream()
            return leftover
        } catch let error as NetError where error.kind != .cancelled {
            throw WebSocketError(transport: error)
        }
    }

    /// Sends the upgrade request and reads the response head; returns the bytes after it.
    private func upgrade(over connection: BlockingConnection, described: String) throws -> [UInt8] {
        try connection.write(request.serialized())
        var received: [UInt8] = []
        while true {
            let count = try readBuffer.withUnsafeMutableBytes { try connection.read(into: $0) }
            guard count > 0 else {
                throw WebSocketError(.connectionLost, endpoint: described, detail: "closed before answering the upgrade")
            }
            let searched = received.count
            received.append(contentsOf: readBuffer[0..<count])
            let parsed: HTTPHead.ParseResult
            do {
                parsed = try HTTPHead.parse(received, searchedBefore: searched)
            } catch {
                throw WebSocketError(.invalidHandshake(.malformedResponse), endpoint: described)
            }
            guard case .head(let head, let length) = parsed else { continue }
            do {
                try Handshake.validate(response: head, key: request.key)
            } catch  where error.kind == .upgradeRejected {
                let body = readBody(head: head, already: Array(received[length...]), from: connection)
                throw WebSocketError(.upgradeRejected, httpStatus: error.httpStatus, responseBody: body, endpoint: described)
            } catch {
                throw WebSocketError(error.kind, endpoint: described)
            }
            return Array(received[length...])
        }
    }

    /// Best effort: the body of a rejected upgrade (e.g. CryptoCompare's JSON for a bad key), at
    /// most 4 KiB, within the handshake deadline.
    private func readBody(head: HTTPHead, already: [UInt8], from connection: BlockingConnection) -> [UInt8] {
        let limit = 4096
        let expected = head.values(for: "Content-Length").first.flatMap { Int($0) }.map { min($0, limit) } ?? limit
        var body = already
        while body.count < expected, let count = try? readBuffer.withUnsafeMutableBytes({ try connection.read(into: $0) }), count > 0 {
            body.append(contentsOf: readBuffer[0..<count])
        }
        return Array(body.prefix(expected))
    }
}
