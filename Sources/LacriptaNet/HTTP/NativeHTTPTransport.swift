import Foundation

/// `HTTPTransport` over the package's own sockets and (for https://) the system OpenSSL: what
/// lacripta uses on Linux, so it needs neither FoundationNetworking nor libcurl and the dozens of
/// libraries libcurl pulls in (a third of the process's memory before this existed).
///
/// One request per connection (`Connection: close`), HTTP/1.1, identity encoding. TLS checks the
/// certificate chain against the system roots plus `caFile`, and the host name. Each request
/// runs on a thread of its own, as each WebSocket connection does: the socket calls block,
/// and a blocked thread of the concurrency pool would stall every other task on a 2-core machine.
public struct NativeHTTPTransport: HTTPTransport {
    /// The default cap on a response body: about ten times the largest real answer (the news),
    /// small enough that a hostile or broken server cannot make a CLI hold much more than it
    /// ever needs. Past it the request fails with `.responseTooLarge` as soon as
    /// the head announces more or the body grows beyond it, without reading the rest.
    public static let defaultMaxResponseSize = 16 << 20

    /// A PEM CA bundle trusted in addition to the system trust store.
    public var caFile: String?
    /// The largest response body accepted; larger ones fail with `.responseTooLarge`.
    public var maxResponseSize: Int

    /// Creates a transport. `caFile` (LACRIPTA_CA_FILE) adds to the system roots, never replaces them.
    public init(caFile: String? = nil, maxResponseSize: Int = NativeHTTPTransport.defaultMaxResponseSize) {
        self.caFile = caFile
        self.maxResponseSize = maxResponseSize
    }

    /// Performs a GET within `request.timeout` (connecting, TLS, sending and receiving together).
    /// Throws `NetError`, or `CancellationError` when the task is cancelled.
    ///
    /// The one step the timeout cannot cut short is the name lookup: getaddrinfo(3) has no
    /// deadline or cancellation, so it is bounded by the resolver's own timeouts (resolv.conf),
    /// as for the WebSocket client.
    public func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let target = URLTarget(url: request.url, schemes: .http) else { throw NetError(.invalidURL, url: request.url) }
        try Task.checkCancellation()
        let wake = try WakePipe()
        let exchange = HTTPExchange(request: request, target: target, caFile: caFile, maxResponseSize: maxResponseSize)
        let seconds = request.timeout.isFinite ? min(max(request.timeout, 0), 86_400) : 86_400
        let deadline = Deadline(after: .milliseconds(Int64((seconds * 1000).rounded(.up))))
        let cancelled = Locked(false)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (answered: CheckedContinuation<HTTPResponse, any Error>) in
                let thread = Thread {
                    let result = Result { () throws(NetError) in
                        try exchange.run(deadline: deadline, wake: wake, isCancelled: { cancelled.withLock { $0 } })
                    }
                    answered.resume(with: result.mapError { error -> any Error in error.kind == .cancelled ? CancellationError() : error })
                }
                thread.name = "lacripta-http"
                thread.start()
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
            wake.signal()
        }
    }
}
