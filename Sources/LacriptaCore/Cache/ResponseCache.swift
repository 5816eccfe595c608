import Foundation
import LacriptaNet
import LacriptaWebSocket

/// Raw response bodies kept on disk, so lacripta can show the last good answer when the network
/// fails, resolve coin names without another request, and ask the service whether what it has is
/// still current (a conditional GET: a 304 costs a head instead of a body).
///
/// Only successful bodies are stored (never an error envelope) and never anything carrying the
/// key: the key travels in a header, not in the URL the file name is derived from.
///
/// Entries are keyed by the base URL as well as the endpoint: data cached from one server (the
/// simulator, a proxy) must never be served as "offline" data for another.
///
/// Each body is a file of its own, its validators (ETag, Last-Modified) a small JSON file next
/// to it. `store` removes the old validators before it replaces the body and writes the new ones
/// after, so an interrupted write leaves a body without validators (the next request is simply
/// unconditional), never validators describing another body (which would make a 304 serve it).
public struct ResponseCache: Sendable {
    /// The cache directory, created on first write.
    public let directory: URL

    /// Creates a cache in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// A body read back from the cache, with when it was stored and how to revalidate it.
    public struct Entry: Sendable {
        /// The stored bytes.
        public var body: Data
        /// When they were stored (or last confirmed current by a 304).
        public var storedAt: Date
        /// What the service said to revalidate them with; empty when it said nothing.
        public var validators: HTTPValidators
    }

    /// The validators as stored on disk.
    private struct StoredValidators: Codable {
        var etag: String?
        var lastModified: String?
    }

    /// The file for `endpoint` under `base`, named by a digest of the whole request.
    func fileURL(for endpoint: some CacheKey, base: URL) -> URL {
        directory.appendingPathComponent("\(fileStem(for: endpoint, base: base)).json")
    }

    /// The validators file next to `fileURL(for:base:)`.
    func validatorsURL(for endpoint: some CacheKey, base: URL) -> URL {
        directory.appendingPathComponent("\(fileStem(for: endpoint, base: base)).validators")
    }

    /// The SHA-1 of the canonical base and the endpoint's full path and query, in hex: every
    /// request has a name of its own (a search for "zq.nothing" and one for "zq_nothing" no
    /// longer fold into one), and the name is 40 characters however long the query, so no name
    /// passes the file system's 255 bytes. SHA-1 is a name here, not a signature.
    private func fileStem(for endpoint: some CacheKey, base: URL) -> String {
        let request = "\(Self.canonical(base))\n\(endpoint.displayName)"
        return SHA1.hash(Array(request.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    /// `base` in a canonical form (scheme and host in lower case, the port spelled out, no
    /// trailing slash; the query kept, since a feed's address may have one): two spellings of
    /// one server share entries, two servers never do.
    static func canonical(_ base: URL) -> String {
        let components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        let scheme = (components?.scheme ?? "").lowercased()
        let port = components?.port ?? (scheme == "https" ? 443 : 80)
        var path = components?.percentEncodedPath ?? ""
        while path.hasSuffix("/") { path.removeLast() }
        let query = components?.percentEncodedQuery.map { "?\($0)" } ?? ""
        return "\(scheme)://\((components?.host ?? "").lowercased()):\(port)\(path)\(query)"
    }

    /// Stores `body` and its `validators` for `endpoint`, atomically each. Failures are ignored:
    /// the cache is a convenience.
    public func store(_ body: Data, validators: HTTPValidators = HTTPValidators(), for endpoint: some CacheKey, base: URL) {
        let validatorsFile = validatorsURL(for: endpoint, base: base)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: validatorsFile)
            try body.write(to: fileURL(for: endpoint, base: base), options: .atomic)
            guard !validators.isEmpty else { return }
            let stored = StoredValidators(etag: validators.etag, lastModified: validators.lastModified)
            try JSONEncoder().encode(stored).write(to: validatorsFile, options: .atomic)
        } catch {
            // A read-only or full disk must not turn a good answer into a failure.
        }
    }

    /// The stored body for `endpoint` under `base`, if any, with its validators (empty when
    /// none were stored or the file does not read).
    public func load(_ endpoint: some CacheKey, base: URL) -> Entry? {
        let url = fileURL(for: endpoint, base: base)
        guard let body = try? Data(contentsOf: url),
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        let stored = (try? Data(contentsOf: validatorsURL(for: endpoint, base: base)))
            .flatMap { try? JSONDecoder().decode(StoredValidators.self, from: $0) }
        let validators = HTTPValidators(etag: stored?.etag, lastModified: stored?.lastModified)
        return Entry(body: body, storedAt: modified, validators: validators)
    }
}

/// What names one cached answer under a base URL: an endpoint with its query, or a feed.
public protocol CacheKey: Sendable {
    /// A short stable name, folded into the cache file's name.
    var displayName: String { get }
}
