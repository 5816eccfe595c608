import Foundation

/// The feed list's file, `$XDG_CONFIG_HOME/lacripta/feeds`: read without a lock (writers rename
/// whole files into place), changed under the store's lock with an atomic write, and never
/// written over when it does not parse.
public struct FeedListFile: Sendable {
    /// The file.
    public let path: String

    /// The file in `directory`.
    public init(directory: String) {
        path = directory + "/" + FeedList.fileName
    }

    /// The file of the user the environment names, next to the config file.
    public init(environment: [String: String]) {
        self.init(directory: (Configuration.configFilePath(environment: environment) as NSString).deletingLastPathComponent)
    }

    /// The list; nil when the file does not exist (the default outlets then apply).
    public func read() throws(LacriptaError) -> FeedList? {
        guard let bytes = try AtomicFile.read(path) else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .unreadableFile(path, line: 1, "the file is not UTF-8 text") }
        do {
            return try FeedList(text: text)
        } catch {
            throw .unreadableFile(path, line: error.line, error.message)
        }
    }

    /// Changes the list under the lock (starting from the default outlets when there is no file
    /// yet) and writes it when it changed.
    @discardableResult
    public func update<Result>(_ change: (inout FeedList) throws -> Result) throws -> Result {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw LacriptaError.io("cannot create \(directory) for the feed list: check that its parent folder is writable")
        }
        return try StoreLock.withLock(directory: directory) {
            let original = try read() ?? Self.defaults
            var list = original
            let result = try change(&list)
            if list != original || !FileManager.default.fileExists(atPath: path) {
                try AtomicFile.write(list.text, to: path, mode: 0o644)
            }
            return result
        }
    }

    /// The default outlets as a list, which the first change starts from.
    public static var defaults: FeedList {
        var list = FeedList()
        list.lines.append(.other("# lacripta's news feeds: an address, then \"~Name\" and \"tags\" in quotes (newsboat's urls format)."))
        for outlet in FeedOutlet.defaults { list.add(OPMLFeed(url: outlet.url.absoluteString, title: outlet.name)) }
        return list
    }

    /// The list's feeds as outlets to read (names from the list, else a known outlet's, else the
    /// host); addresses that are not http(s) URLs are skipped.
    public static func outlets(_ list: FeedList) -> [FeedOutlet] {
        list.feeds.compactMap { feed in
            guard let url = URL(string: feed.url), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
            else {
                return nil
            }
            if let title = feed.title, !title.isEmpty {
                return FeedOutlet(name: title, url: url, isVerified: FeedOutlet.known(url)?.isVerified ?? false)
            }
            return FeedOutlet.known(url) ?? FeedOutlet.unknown(url)
        }
    }
}
