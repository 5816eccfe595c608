/// An asynchronous stream of batches whose producer learns when the consumer takes each batch.
///
/// A plain `AsyncThrowingStream` buffers without limit and cannot tell its producer how far behind
/// the consumer is. This wrapper calls `taken` as each batch is handed to the consumer, so the
/// producer can pause (stop reading its socket) while too much is waiting, and resume once the
/// consumer catches up. Ending, throwing and cancellation behave exactly as in the wrapped stream:
/// cancelling the consumer terminates it.
public struct BatchStream<Batch: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Batch
    public typealias Failure = any Error

    private let base: AsyncThrowingStream<Batch, any Error>
    private let taken: @Sendable (Batch) -> Void

    /// Wraps `base`; `taken` runs (on the consumer's task) for every batch the consumer takes.
    public init(_ base: AsyncThrowingStream<Batch, any Error>, taken: @escaping @Sendable (Batch) -> Void = { _ in }) {
        self.base = base
        self.taken = taken
    }

    /// An iterator over the batches. A stream has one consumer at a time.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), taken: taken)
    }

    /// Hands out the wrapped stream's batches, reporting each one.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Batch, any Error>.AsyncIterator
        let taken: @Sendable (Batch) -> Void

        /// The next batch, or nil once the stream has finished.
        public mutating func next() async throws -> Batch? {
            guard let batch = try await base.next() else { return nil }
            taken(batch)
            return batch
        }

        /// The next batch, awaited in the caller's isolation (no executor hop from an actor).
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> Batch? {
            guard let batch = try await base.next(isolation: actor) else { return nil }
            taken(batch)
            return batch
        }
    }
}

extension BatchStream {
    /// The elements of the batches one by one, as a plain stream for consumers that do not batch.
    ///
    /// A task moves batches across, so each is reported as taken when it moves, not when its last
    /// element is read: flow control then rests on `bufferingPolicy`. Cancelling the returned
    /// stream's consumer cancels that task, which cancels this stream. Call once per stream.
    package func flattened(
        bufferingPolicy: AsyncThrowingStream<Batch.Element, any Error>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncThrowingStream<Batch.Element, any Error> where Batch: Sequence, Batch.Element: Sendable {
        let (elements, continuation) = AsyncThrowingStream.makeStream(
            of: Batch.Element.self, throwing: (any Error).self, bufferingPolicy: bufferingPolicy)
        let pump = Task {
            do {
                for try await batch in self {
                    for element in batch { continuation.yield(element) }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in pump.cancel() }
        return elements
    }

    /// Each element of `elements` as a batch of its own, for sources that cannot batch. Cancelling
    /// the consumer cancels the task that reads `elements`, which cancels `elements`.
    package init<Element: Sendable>(
        singletons elements: AsyncThrowingStream<Element, any Error>, wrap: @escaping @Sendable (Element) -> Batch
    ) {
        let (batches, continuation) = AsyncThrowingStream.makeStream(of: Batch.self, throwing: (any Error).self)
        let pump = Task {
            do {
                for try await element in elements { continuation.yield(wrap(element)) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in pump.cancel() }
        self.init(batches)
    }
}
