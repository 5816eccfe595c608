import Foundation
import LacriptaNet

/// One GET on its own connection, run start to finish on the calling thread: connect, TLS,
/// write the head, read until `HTTPResponseParser` says the response is complete.
///
/// It blocks, so `NativeHTTPTransport` runs it on a thread of its own, never on the Swift
/// concurrency pool. Every failure leaves as a `TransportFailure`, or `CancellationError`.
struct HTTPExchange {
    /// The request.
    var request: HTTPRequest
    /// Where it goes.
    var target: HTTPTarget
    /// A PEM bundle trusted in addition to the system roots (LACRIPTA_CA_FILE).
    var caFile: String?
    /// The largest response body accepted.
    var maxResponseSize: Int

    /// Performs the exchange before `deadline`; `wake` plus `isCancelled` interrupt it.
    func run(deadline: Deadline, wake: WakePipe, isCancelled: @escaping () -> Bool) throws -> HTTPResponse {
        do {
            let head = try request.head(for: target)
            let connection = try BlockingConnection.open(
                target: target, caFile: caFile, connectDeadline: deadline, deadline: { deadline }, wake: wake, isCancelled: isCancelled)
            defer { connection.close() }
            try connection.write(head)
            return try receive(from: connection)
        } catch {
            throw failure(for: error)
        }
    }

    /// Reads and parses until the response is complete or the server closes.
    private func receive(from connection: BlockingConnection) throws -> HTTPResponse {
        var parser = HTTPResponseParser(maxSize: maxResponseSize)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try connection.read(into: $0) }
            guard count > 0 else { return try parser.endOfStream() }
            if case .complete(let response) = try parser.parse(buffer[..<count]) { return response }
        }
    }

    /// Maps what the layers below throw onto the transport's failure classes. Details from the
    /// socket or TLS library are dropped: the REST client words its own messages.
    func failure(for error: any Error) -> any Error {
        switch error {
        case let failure as TransportFailure: return failure
        case let failure as HTTPResponseParser.Failure:
            switch failure {
            case .malformed: return TransportFailure.other("the server's answer was not valid HTTP")
            case .tooLarge: return TransportFailure.tooLarge(limit: maxResponseSize)
            case .truncated: return TransportFailure.other("the server closed the connection before the answer was complete")
            case .empty: return TransportFailure.other("the server closed the connection without answering")
            case .unsupportedEncoding: return TransportFailure.other("the server sent an encoding lacripta cannot read")
            }
        case let failure as NetError:
            switch failure.kind {
            case .cancelled: return CancellationError()
            case .hostNotFound: return TransportFailure.hostNotFound
            case .connectTimedOut, .timedOut: return TransportFailure.timedOut
            case .connectionRefused, .connectionLost, .networkFailure: return TransportFailure.cannotConnect
            case .caFileUnreadable: return TransportFailure.caFile
            case .tlsUnavailable, .tlsUntrustedCertificate, .tlsHostnameMismatch, .tlsCertificateExpired, .tlsHandshakeFailed:
                return TransportFailure.tls
            default: return TransportFailure.other("network error")
            }
        default:
            return TransportFailure.other("network error")
        }
    }
}
