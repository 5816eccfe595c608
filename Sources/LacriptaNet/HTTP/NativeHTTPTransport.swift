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

    /// The default number of redirects followed for one request (curl follows 50, browsers 20;
    /// an API that needs more than a couple is misconfigured).
    public static let defaultMaxRedirects = 5

    /// A PEM CA bundle trusted in addition to the system trust store.
    public var caFile: String?
    /// The largest response body accepted; larger ones fail with `.responseTooLarge`.
    public var maxResponseSize: Int
    /// The most redirects followed; the next one fails with `.tooManyRedirects`.
    public var maxRedirects: Int

    /// Creates a transport. `caFile` (LACRIPTA_CA_FILE) adds to the system roots, never replaces them.
    public init(
        caFile: String? = nil, maxResponseSize: Int = NativeHTTPTransport.defaultMaxResponseSize,
        maxRedirects: Int = NativeHTTPTransport.defaultMaxRedirects
    ) {
        self.caFile = caFile
        self.maxResponseSize = maxResponseSize
        self.maxRedirects = maxRedirects
    }

    /// Performs a GET within `request.timeout` (connecting, TLS, sending and receiving together,
    /// for every hop of a redirect chain: `RedirectChain` has the rules). Throws `NetError`, or
    /// `CancellationError` when the task is cancelled.
    ///
    /// The one step the timeout cannot cut short is the name lookup: getaddrinfo(3) has no
    /// deadline or cancellation, so it is bounded by the resolver's own timeouts (resolv.conf),
    /// as for the WebSocket client.
    public func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard URLTarget(url: request.url, schemes: .http) != nil else { throw NetError(.invalidURL, url: request.url) }
        try Task.checkCancellation()
        let wake = try WakePipe()
        let seconds = request.timeout.isFinite ? min(max(request.timeout, 0), 86_400) : 86_400
        let deadline = Deadline(after: .milliseconds(Int64((seconds * 1000).rounded(.up))))
        let cancelled = Locked(false)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (answered: CheckedContinuation<HTTPResponse, any Error>) in
                NamedThread.start("lacripta-http") {
                    let result = Result { () throws(NetError) in
                        try fetch(request, deadline: deadline, wake: wake, isCancelled: { cancelled.withLock { $0 } })
                    }
                    answered.resume(with: result.mapError { error -> any Error in error.kind == .cancelled ? CancellationError() : error })
                }
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
            wake.signal()
        }
    }

    /// Runs the exchanges of `request`'s redirect chain one after the other on this thread, all
    /// within `deadline`; returns the first answer that is not a redirect to follow.
    private func fetch(
        _ request: HTTPRequest, deadline: Deadline, wake: WakePipe, isCancelled: @escaping () -> Bool
    ) throws(NetError) -> HTTPResponse {
        var chain = RedirectChain(for: request, limit: maxRedirects)
        var current = request
        while true {
            guard let target = URLTarget(url: current.url, schemes: .http) else { throw NetError(.invalidURL, url: current.url) }
            let exchange = HTTPExchange(request: current, target: target, caFile: caFile, maxResponseSize: maxResponseSize)
            let response = try exchange.run(deadline: deadline, wake: wake, isCancelled: isCancelled)
            guard let next = try chain.next(after: response, to: current) else { return response }
            current = next
        }
    }
}
