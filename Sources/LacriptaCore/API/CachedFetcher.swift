import Foundation
import LacriptaNet

/// The request cycle every REST source shares, whatever its service: ask conditionally on what
/// the cache holds, serve a 304 from the cache, store each good body with its validators, and
/// when the service is out of reach serve the cached body instead, marked offline.
///
/// What differs per service (headers, how an error answer reads, what a network failure is called)
/// stays in the client, behind `send`.
struct CachedFetcher: Sendable {
    /// What the service answered to one request.
    enum Answer: Sendable {
        /// A body, with what the service offers to revalidate it next time.
        case body(Data, HTTPValidators)
        /// 304 Not Modified: the cached body is still current (the 304 may bring newer validators).
        case notModified(HTTPValidators)
    }

    /// The cache, if the caller keeps one.
    let cache: ResponseCache?
    /// The base URL the cache entries are kept under.
    let base: URL
    /// The current time.
    let now: @Sendable () -> Date

    /// The cached body for `key` when it is younger than `lifetime` and still decodes: served
    /// without asking (a coin list for a day, a toplist for the 30 s a service caches it anyway).
    func fresh<Value: Sendable>(_ key: some CacheKey, lifetime: TimeInterval, decode: (Data) throws -> Value) -> Fetched<Value>? {
        guard let entry = cache?.load(key, base: base), now().timeIntervalSince(entry.storedAt) < lifetime,
            let value = try? decode(entry.body)
        else { return nil }
        return Fetched(value: value, fetchedAt: entry.storedAt)
    }

    /// Sends `key`'s request through `send` (conditional on the cached body's validators when
    /// `revalidate`), decodes with `decode`, caches the body; on an unavailable service returns
    /// the cached body instead, marked offline. A `DecodingError` becomes `dataError(error)`.
    ///
    /// A 304 serves the cached body as fresh data: the service just said it is current. Should
    /// that body no longer decode (an older lacripta wrote it), the request is made again without
    /// validators rather than failing.
    func fetch<Value: Sendable>(
        _ key: some CacheKey, revalidate: Bool = true,
        send: (HTTPValidators) async throws -> Answer,
        decode: (Data) throws -> Value,
        dataError: (DecodingError) -> LacriptaError
    ) async throws -> Fetched<Value> {
        let cached = cache?.load(key, base: base)
        do {
            switch try await send(revalidate ? cached?.validators ?? HTTPValidators() : HTTPValidators()) {
            case .body(let body, let validators):
                let value: Value
                do {
                    value = try decode(body)
                } catch let error as DecodingError {
                    throw dataError(error)
                }
                cache?.store(body, validators: validators, for: key, base: base)
                return Fetched(value: value, fetchedAt: now())
            case .notModified(let validators):
                guard let cached, let value = try? decode(cached.body) else {
                    return try await fetch(key, revalidate: false, send: send, decode: decode, dataError: dataError)
                }
                cache?.store(cached.body, validators: cached.validators.updated(by: validators), for: key, base: base)
                return Fetched(value: value, fetchedAt: now())
            }
        } catch let error as LacriptaError where error.allowsOfflineFallback {
            guard let cached, let value = try? decode(cached.body) else { throw error }
            return Fetched(value: value, fetchedAt: cached.storedAt, offlineReason: error)
        }
    }
}
