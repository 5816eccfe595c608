/// Why a feed could not be read.
///
/// Names the feed; carries no text from the document, only our own words and numbers (sizes, line
/// and column), so it is safe to print as is.
public struct FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong with the document.
    public enum Reason: Sendable, Equatable {
        /// Larger than `FeedLimits.maximumBytes`; refused unread.
        case tooLarge(bytes: Int, limit: Int)
        /// No bytes, or only whitespace.
        case empty
        /// UTF-16 or UTF-32: no feed uses them, and the safety checks read ASCII-compatible bytes.
        case unsupportedEncoding
        /// An XML declaration naming an encoding lacripta does not read (UTF-7, UTF-16, EBCDIC…):
        /// its name when it is a short plain name, else empty.
        case declaredEncoding(String)
        /// A web page (`html` is true) or something else (JSON, plain text, another XML format):
        /// publishers that kill a feed often answer 200 with their home page.
        case notAFeed(html: Bool)
        /// A DTD with an internal subset, where entities are declared: the "billion laughs" and
        /// external-entity attacks live there, and no feed needs one, so it is refused unparsed
        /// (and, should one reach the parser, parsing stops at its first declaration).
        case declaresEntities
        /// More character data than `FeedLimits.maximumTextBytes`: parsing was stopped.
        case textLimitExceeded(limit: Int)
        /// Not well-formed XML: where the parser stopped and its error code.
        case malformed(line: Int, column: Int, code: Int)
        /// Reading was stopped because the task reading it was cancelled (the user quit).
        case cancelled
    }

    /// The feed's name (the outlet's).
    public let feed: String
    /// What went wrong.
    public let reason: Reason

    /// Creates an error.
    public init(feed: String, reason: Reason) {
        self.feed = feed
        self.reason = reason
    }

    /// One line naming the feed and the problem.
    ///
    /// For example "The Block feed is not valid XML (line 3, column 14: the document ends early)".
    public var description: String {
        switch reason {
        case .tooLarge(let bytes, let limit):
            "\(feed) feed is too large (\(bytes) bytes; the limit is \(limit))"
        case .empty:
            "\(feed) feed is empty"
        case .unsupportedEncoding:
            "\(feed) feed is in UTF-16 or UTF-32, which lacripta does not read"
        case .declaredEncoding(let name):
            "\(feed) feed declares an encoding lacripta does not read\(name.isEmpty ? "" : " (\(name))"); it reads UTF-8, US-ASCII, ISO-8859-x and windows-125x"
        case .notAFeed(let html):
            html ? "\(feed) feed answered with a web page instead of RSS or Atom" : "\(feed) feed is not RSS or Atom"
        case .declaresEntities:
            "\(feed) feed declares its own XML entities, which lacripta refuses for safety"
        case .textLimitExceeded(let limit):
            "\(feed) feed expands to more than \(limit) bytes of text; reading stopped"
        case .malformed(let line, let column, let code):
            "\(feed) feed is not valid XML (line \(line), column \(column): \(XMLErrorCode.explanation(code)))"
        case .cancelled:
            "reading the \(feed) feed was cancelled"
        }
    }
}
