/// Sends HTTP requests: the seam between the protocols above (the REST client, the coming news
/// sources) and the network. Production uses `NativeHTTPTransport` on Linux and URLSession on
/// Apple platforms (`HTTPTransports`); tests use the same over real sockets to fake servers, or a
/// scripted transport.
///
/// Every status is an answer, not an error: 304, 404, 429 and 503 come back as responses for
/// the caller to judge. Redirects are followed first, under `RedirectChain`'s rules (at most
/// `NativeHTTPTransport.defaultMaxRedirects`, never from https:// to http://, `Authorization`
/// dropped once the chain leaves the original host).
public protocol HTTPTransport: Sendable {
    /// Performs a GET. Throws `NetError` when there is no HTTP answer, or `CancellationError`
    /// when the task is cancelled.
    func get(_ request: HTTPRequest) async throws -> HTTPResponse
}
