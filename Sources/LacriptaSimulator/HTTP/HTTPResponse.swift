/// An answer from a handler, with an optional fault-injection behaviour.
///
/// `delay` and `delivery` are the "behaviours" the simulator uses to imitate a slow, broken or
/// hostile server; the default is an ordinary, complete answer.
public struct HTTPResponse: Sendable, Equatable {
    /// How the response reaches the wire.
    public enum Delivery: Sendable, Equatable {
        /// Status line, headers with `Content-Length`, and the whole body.
        case complete
        /// Close the connection without sending a single byte.
        case closeWithoutAnswer
        /// Send headers announcing the full `Content-Length`, then only the first `bytes` of the
        /// body, then close: a transfer cut off mid-body.
        case truncatedBody(bytes: Int)
        /// Send these bytes verbatim instead of an HTTP response, then close (garbage on the wire).
        case raw([UInt8])
    }

    /// The status code.
    public var status: Int
    /// Header fields; the server adds `Content-Length` and `Connection` itself.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: [UInt8]
    /// How long to wait before answering; the wait ends early when the server stops.
    public var delay: Duration
    /// How the answer is written.
    public var delivery: Delivery

    /// Creates a response.
    public init(
        status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
        delay: Duration = .zero, delivery: Delivery = .complete
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.delivery = delivery
    }

    /// A JSON answer with the content type min-api sends.
    public static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        json(bytes: value.serialized(), status: status)
    }

    /// Already-encoded JSON bytes (they need not be valid, which is the point of some faults).
    public static func json(bytes: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: HTTPHeaders([("Content-Type", "application/json; charset=UTF-8")]),
            body: bytes)
    }

    /// A plain-text answer.
    public static func text(_ text: String, status: Int) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: HTTPHeaders([("Content-Type", "text/plain; charset=UTF-8")]),
            body: Array(text.utf8))
    }

    /// An HTML answer, e.g. a proxy's error page where JSON was expected.
    public static func html(_ html: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: HTTPHeaders([("Content-Type", "text/html; charset=UTF-8")]),
            body: Array(html.utf8))
    }

    /// The same response with a different delay.
    public func delayed(by delay: Duration) -> HTTPResponse {
        var copy = self
        copy.delay = delay
        return copy
    }

    /// The same response with a different delivery.
    public func delivered(_ delivery: Delivery) -> HTTPResponse {
        var copy = self
        copy.delivery = delivery
        return copy
    }
}
