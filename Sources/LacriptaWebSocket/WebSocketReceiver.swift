import Dispatch

/// Takes a connection's messages where they are decoded, on the connection's own thread: the form
/// for a consumer that parses the bytes as they arrive (a market's session), with no task and no
/// thread switch between the socket and the parser.
///
/// The connection calls `receive` once per socket read, in order, then `ended` once. While a call
/// runs the connection reads nothing more, so a receiver slower than the network slows the reads
/// (through TCP) and nothing is dropped or queued. A receiver must not block for long and must
/// never wait for its own connection: `send` only queues and is fine, `close` is not (start it
/// from a task).
public protocol WebSocketReceiver: AnyObject, Sendable {
    /// The data messages of one socket read, in order. Control frames are handled inside.
    func receive(_ batch: WebSocketMessageBatch)
    /// The connection ended: cleanly (nil, `closeStatus` then tells how) or with the error
    /// `messages` would throw. Called once, after the last `receive`.
    func ended(_ error: (any Error)?)
}

extension WebSocketConnection {
    /// Connections that have no thread of their own (URLSession, scripted fakes) hand the batches
    /// over from a task reading `messageBatches`; the order and the end are the same. Each call
    /// runs on a serial dispatch queue, not on the task's thread: a receiver may wait for room
    /// (a consumer far behind), and a wait there must not hold one of the few threads every task
    /// of the process shares (two such waits on a two-core machine would stall them all).
    public func deliver(to receiver: any WebSocketReceiver) {
        let batches = messageBatches
        Task {
            let queue = DispatchQueue(label: "lacripta.websocket.receiver")
            do {
                for try await batch in batches {
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        queue.async {
                            receiver.receive(batch)
                            done.resume()
                        }
                    }
                }
                queue.async { receiver.ended(nil) }
            } catch {
                queue.async { receiver.ended(error) }
            }
        }
    }
}
