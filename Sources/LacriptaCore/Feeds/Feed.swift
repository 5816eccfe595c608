/// What one feed document gave: its articles, and whether it broke part way.
public struct Feed: Sendable, Equatable {
    /// The outlet it came from.
    public var outlet: FeedOutlet
    /// The channel's own title ("Cointelegraph.com News"), when it has one.
    public var title: String?
    /// The articles in document order (feeds list newest first).
    public var articles: [NewsArticle]
    /// Set when the document was cut off or broke after `articles` were read: the closed items
    /// are kept (a truncated download still has news in it), and this says what was lost.
    public var problem: FeedError?

    /// Creates a feed.
    public init(outlet: FeedOutlet, title: String? = nil, articles: [NewsArticle], problem: FeedError? = nil) {
        self.outlet = outlet
        self.title = title
        self.articles = articles
        self.problem = problem
    }
}
