/// One feed of an OPML subscription list: its address, its title when the file gives one, and the
/// folders it sat in as tags (`IT`, `IT/Programming`), as newsboat imports them.
public struct OPMLFeed: Sendable, Equatable {
    /// The feed's address (`xmlUrl`), as written.
    public var url: String
    /// `title`, else `text`; nil when the outline has neither.
    public var title: String?
    /// The enclosing folders, outermost first, each as its full path.
    public var tags: [String]

    /// Creates a feed.
    public init(url: String, title: String? = nil, tags: [String] = []) {
        self.url = url
        self.title = title
        self.tags = tags
    }
}

/// Why an OPML file could not be read: where, and what to do.
public struct OPMLError: Error, Sendable, Equatable {
    /// The line (1-based) where reading stopped.
    public var line: Int
    /// What is wrong, in words.
    public var message: String
}
