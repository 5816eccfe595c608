import Foundation
import LacriptaNet

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Applies `RedirectChain` to URLSession's redirects, so Apple platforms follow the same rules
/// as `NativeHTTPTransport`: the limit, no https:// to http://, and no credential header once
/// the chain leaves the original origin (URLSession would copy every header to the new request).
final class RedirectDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    /// The chain, the request it has reached, and why it stopped (if it refused a redirect).
    private struct State {
        var chain: RedirectChain
        var current: HTTPRequest
        var failure: NetError?
    }

    private let state: Locked<State>

    /// Starts the chain of `request`.
    init(request: HTTPRequest, limit: Int) {
        state = Locked(State(chain: RedirectChain(for: request, limit: limit), current: request))
    }

    /// The refused redirect that cancelled the task, if any.
    var failure: NetError? { state.withLock { $0.failure } }

    /// Follows, delivers or refuses one redirect as `RedirectChain` says.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest proposed: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let answer = HTTPResponse(
            status: response.statusCode, headers: URLSessionHTTPTransport.fields(of: response), body: Data(), url: response.url)
        let step: Result<HTTPRequest?, NetError> = state.withLock { state in
            let current = state.current
            let step = Result { () throws(NetError) in try state.chain.next(after: answer, to: current) }
            switch step {
            case .success(let next?): state.current = next
            case .success(nil): break
            case .failure(let error): state.failure = error
            }
            return step
        }
        switch step {
        case .success(let next?):
            var request = proposed
            request.url = next.url
            request.httpMethod = "GET"
            request.allHTTPHeaderFields = next.fields
            completionHandler(request)
        case .success(nil):
            completionHandler(nil)  // not a redirect we follow: the 3xx is the answer
        case .failure:
            completionHandler(nil)
            task.cancel()
        }
    }
}
