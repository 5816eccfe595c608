/// Bounds on what the feed reader accepts, so a hostile or broken feed costs little.
public struct FeedLimits: Sendable, Equatable {
    /// Largest body parsed at all; a larger one is refused before any parsing.
    ///
    /// Real feeds are 30–300 KB (The Block: 29,104 bytes for 20 items).
    public var maximumBytes: Int
    /// Most character data the parser may hand over in total.
    ///
    /// Without entity declarations (which the reader refuses) the text of a document is never
    /// longer than the document, so crossing this means expansion the reader did not expect:
    /// parsing stops at once.
    public var maximumTextBytes: Int

    /// Creates limits.
    public init(maximumBytes: Int, maximumTextBytes: Int) {
        self.maximumBytes = maximumBytes
        self.maximumTextBytes = maximumTextBytes
    }

    /// 8 MiB of document and 8 MiB of text.
    public static let standard = FeedLimits(maximumBytes: 8 << 20, maximumTextBytes: 8 << 20)
}
