import Foundation
import LacriptaNet

/// Fetches one news outlet's feed: conditional on what the cache holds (feeds change every few
/// minutes and most outlets answer 304), read by `FeedReader` (bounded, no entities), and served
/// from the cache, marked offline, when the outlet is out of reach.
struct FeedFetcher: Sendable {
    /// The cache key of a feed: its URL is the base, so the key only names the kind.
    private struct FeedKey: CacheKey {
        var displayName: String { "feed" }
    }

    let transport: any HTTPTransport
    let cache: ResponseCache?
    let timeout: TimeInterval
    let now: @Sendable () -> Date

    /// `outlet`'s feed (its articles, and what broke after them if anything), or the error that
    /// names why there are none.
    func feed(of outlet: FeedOutlet) async throws -> Fetched<Feed> {
        let fetcher = CachedFetcher(cache: cache, base: outlet.url, now: now)
        return try await fetcher.fetch(
            FeedKey(), send: { try await send(outlet, validators: $0) }, decode: { try Self.read($0, from: outlet) },
            dataError: { LacriptaError.badData(endpoint: outlet.url.path, detail: $0.pathDescription, source: outlet.name) })
    }

    /// The feed; a document that is not a readable feed fails naming the outlet and the problem,
    /// as bad data (65).
    private static func read(_ body: Data, from outlet: FeedOutlet) throws -> Feed {
        do {
            return try FeedReader.read(body, from: outlet)
        } catch  where error.reason == .cancelled {
            throw CancellationError()
        } catch {
            throw LacriptaError.unusable(
                "\(error.description); try again later, and if it persists leave the feed out with \(EnvironmentKey.newsFeeds.rawValue)")
        }
    }

    private func send(_ outlet: FeedOutlet, validators: HTTPValidators) async throws -> CachedFetcher.Answer {
        let headers = [
            "accept": "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9", "user-agent": LacriptaVersion.userAgent,
        ]
        let request = HTTPRequest(url: outlet.url, headers: headers, timeout: timeout).conditional(on: validators)
        let site = RequestSite(source: outlet.name, setting: EnvironmentKey.newsFeeds.rawValue, path: outlet.url.path)
        let response = try await transport.get(request, site: site)
        if response.status == 304, !validators.isEmpty { return .notModified(HTTPValidators(response: response)) }
        switch response.status {
        case 200..<300:
            return .body(response.body, HTTPValidators(response: response))
        default:
            throw Self.failure(status: response.status, retryAfter: response.retryAfter?.seconds(from: now()), outlet: outlet)
        }
    }

    /// The error for a feed's non-2xx answer, classed by its cause: 429 is a rate limit (75, with
    /// the outlet's `Retry-After`), 5xx unavailable (69), 404 and 410 a feed address that is wrong
    /// (64), and any other refusal (401, 403, 400…) the outlet refusing us (69).
    static func failure(status: Int, retryAfter: Int?, outlet: FeedOutlet) -> LacriptaError {
        let setting = EnvironmentKey.newsFeeds.rawValue
        switch status {
        case 429:
            return .sourceRateLimited(outlet.name, retryAfter: retryAfter, hint: "the outlet limits how often its feed is read")
        case 500...:
            return .unavailable("\(outlet.name) answered HTTP \(status)", setting: setting)
        case 404, 410:
            return .configuration("\(outlet.name) has no feed at \(outlet.url.absoluteString) (HTTP \(status)); check the feed's URL in \(setting)")
        case 401, 403:
            return .refused("\(outlet.name) refused the request (HTTP \(status)); the outlet may block automated readers")
        default:
            return .refused("\(outlet.name) answered HTTP \(status) for its feed; check the feed's URL in \(setting)")
        }
    }
}
