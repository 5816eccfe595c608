import Foundation

/// The categories and outlets a news source offers, for `lacripta news --categories`.
public struct NewsDirectory: Sendable, Equatable {
    /// Category names, as the source spells them.
    public var categories: [String]
    /// The outlets: a key `--outlet` takes and a display name.
    public var outlets: [NewsOutlet]
    /// Where the list comes from ("CryptoCompare", "the feeds of CoinDesk, Decrypt").
    public var attribution: String
    /// One line per part that failed while others answered.
    public var problems: [String]

    /// Creates a directory.
    public init(categories: [String], outlets: [NewsOutlet], attribution: String, problems: [String] = []) {
        self.categories = categories
        self.outlets = outlets
        self.attribution = attribution
        self.problems = problems
    }
}
