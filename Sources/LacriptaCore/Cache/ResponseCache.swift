import Foundation

/// Raw response bodies kept on disk, so lacripta can show the last good answer when the network
/// fails and can resolve coin names without another request.
///
/// Only successful bodies are stored (never an error envelope) and never anything carrying the
/// key: the key travels in a header, not in the URL the file name is derived from.
///
/// Entries are keyed by the base URL as well as the endpoint: data cached from one server (the
/// simulator, a proxy) must never be served as "offline" data for another.
public struct ResponseCache: Sendable {
    /// The cache directory, created on first write.
    public let directory: URL

    /// Creates a cache in `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// A body read back from the cache, with when it was stored.
    public struct Entry: Sendable {
        /// The stored bytes.
        public var body: Data
        /// When they were stored.
        public var storedAt: Date
    }

    /// The file for `endpoint` under `base`: a short digest of the base URL, then the endpoint's
    /// path and query folded into a safe file name.
    func fileURL(for endpoint: Endpoint, base: URL) -> URL {
        let name = endpoint.displayName.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII ? Character(scalar) : "_"
        }
        let endpointName = String(name).trimmingCharacters(in: CharacterSet(charactersIn: "_"))
        return directory.appendingPathComponent("\(Self.digest(of: base))-\(endpointName).json")
    }

    /// A stable 64-bit FNV-1a digest of the base URL in a canonical form (scheme and host in lower
    /// case, the port spelled out, no trailing slash), in hex: two spellings of one server share
    /// entries, two servers never do.
    static func digest(of base: URL) -> String {
        let components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        let scheme = (components?.scheme ?? "").lowercased()
        let port = components?.port ?? (scheme == "https" ? 443 : 80)
        var path = components?.percentEncodedPath ?? ""
        while path.hasSuffix("/") { path.removeLast() }
        let canonical = "\(scheme)://\((components?.host ?? "").lowercased()):\(port)\(path)"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in canonical.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Stores `body` for `endpoint`, atomically. Failures are ignored: the cache is a convenience.
    public func store(_ body: Data, for endpoint: Endpoint, base: URL) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try body.write(to: fileURL(for: endpoint, base: base), options: .atomic)
        } catch {
            // A read-only or full disk must not turn a good answer into a failure.
        }
    }

    /// The stored body for `endpoint` under `base`, if any.
    public func load(_ endpoint: Endpoint, base: URL) -> Entry? {
        let url = fileURL(for: endpoint, base: base)
        guard let body = try? Data(contentsOf: url),
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return Entry(body: body, storedAt: modified)
    }
}
