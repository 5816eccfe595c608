import Foundation

/// One GET on its own connection, run start to finish on the calling thread: connect, TLS,
/// write the head, read until `HTTPResponseParser` says the response is complete.
///
/// It blocks, so `NativeHTTPTransport` runs it on a thread of its own, never on the Swift
/// concurrency pool. Every failure leaves as a `NetError` located at the request's URL.
struct HTTPExchange {
    /// The request.
    var request: HTTPRequest
    /// Where it goes.
    var target: URLTarget
    /// A PEM bundle trusted in addition to the system roots (LACRIPTA_CA_FILE).
    var caFile: String?
    /// The largest response body accepted.
    var maxResponseSize: Int

    /// Performs the exchange before `deadline`; `wake` plus `isCancelled` interrupt it.
    func run(deadline: Deadline, wake: WakePipe, isCancelled: @escaping () -> Bool) throws(NetError) -> HTTPResponse {
        do {
            let head = try request.head(for: target)
            let connection = try BlockingConnection.open(
                target: target, caFile: caFile, connectDeadline: deadline, deadline: { deadline }, wake: wake, isCancelled: isCancelled)
            defer { connection.close() }
            try connection.write(head)
            var response = try receive(from: connection)
            response.url = request.url
            return response
        } catch {
            throw error.located(at: request.url)
        }
    }

    /// Reads and parses until the response is complete or the server closes.
    private func receive(from connection: BlockingConnection) throws(NetError) -> HTTPResponse {
        var parser = HTTPResponseParser(maxSize: maxResponseSize)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            // `withUnsafeMutableBytes` rethrows untyped; the Result keeps the NetError typed.
            let count = try buffer.withUnsafeMutableBytes { raw in
                Result { () throws(NetError) in try connection.read(into: raw) }
            }.get()
            do {
                guard count > 0 else { return try parser.endOfStream() }
                if case .complete(let response) = try parser.parse(buffer[..<count]) { return response }
            } catch {
                throw failure(for: error)
            }
        }
    }

    /// The parser's verdict as the error callers see: its failure classes carry no wire text,
    /// and the size limit is the one this exchange was given.
    private func failure(for failure: HTTPResponseParser.Failure) -> NetError {
        switch failure {
        case .malformed: NetError(.malformedResponse)
        case .tooLarge: NetError(.responseTooLarge(limit: maxResponseSize))
        case .truncated: NetError(.truncatedResponse)
        case .empty: NetError(.emptyResponse)
        case .unsupportedEncoding: NetError(.unsupportedEncoding)
        }
    }
}
