import Foundation

/// Raw response bodies kept on disk, so lacripta can show the last good answer when the network
/// fails and can resolve coin names without another request.
///
/// Only successful bodies are stored (never an error envelope) and never anything carrying the
/// key: the key travels in a header, not in the URL the file name is derived from.
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

    /// The file for `endpoint`: its path and query folded into a safe file name.
    func fileURL(for endpoint: Endpoint) -> URL {
        let name = endpoint.displayName.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII ? Character(scalar) : "_"
        }
        return directory.appendingPathComponent(String(name).trimmingCharacters(in: CharacterSet(charactersIn: "_")) + ".json")
    }

    /// Stores `body` for `endpoint`, atomically. Failures are ignored: the cache is a convenience.
    public func store(_ body: Data, for endpoint: Endpoint) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try body.write(to: fileURL(for: endpoint), options: .atomic)
        } catch {
            // A read-only or full disk must not turn a good answer into a failure.
        }
    }

    /// The stored body for `endpoint`, if any.
    public func load(_ endpoint: Endpoint) -> Entry? {
        let url = fileURL(for: endpoint)
        guard let body = try? Data(contentsOf: url),
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return Entry(body: body, storedAt: modified)
    }
}
