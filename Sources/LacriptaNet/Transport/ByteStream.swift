/// What a non-blocking read or write achieved.
public enum IOResult: Sendable, Equatable {
    /// This many bytes moved (always > 0).
    case transferred(Int)
    /// Nothing moved; poll for readability (or writability, for TLS renegotiation) and retry.
    case wouldBlock(waitForWritable: Bool)
    /// The peer ended the stream (TCP FIN, or TLS close_notify / EOF).
    case closed
}

/// A connected, non-blocking byte stream: plain TCP or TLS over TCP. Owned and used by exactly one
/// thread at a time (OpenSSL objects are not safe for simultaneous use).
public protocol ByteStream: AnyObject {
    /// The socket, for `poll(2)`.
    var fileDescriptor: Int32 { get }
    /// True when bytes are buffered inside the stream where `poll` cannot see them (SSL_pending).
    var hasBufferedBytes: Bool { get }
    /// Reads into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(NetError) -> IOResult
    /// Writes from `bytes`; may write fewer bytes than given.
    func write(_ bytes: UnsafeRawBufferPointer) throws(NetError) -> IOResult
    /// Ends our direction (TCP FIN, after TLS close_notify) while reads go on: the half-close of a
    /// lingering close. Best effort; later writes fail.
    func shutdownWrite()
    /// Releases the socket (and TLS state). Idempotent.
    func close()
}
