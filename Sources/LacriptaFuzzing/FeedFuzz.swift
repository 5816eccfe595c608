import Foundation
import LacriptaCore

/// News feeds: the RSS/Atom reader and the HTML-to-text step of its summaries.
enum FeedFuzz {
    /// Where the fuzzed feed claims to come from; an address of our own, never fetched.
    static let outlet = FeedOutlet(name: "Fuzz", url: URL(fileURLWithPath: "/fuzz/feed.xml"))
    /// Small limits, so the fuzzer reaches the checks on oversized feeds and texts.
    static let smallLimits = FeedLimits(maximumBytes: 4096, maximumTextBytes: 256)

    /// Reads the input as a feed with the standard and the small limits; every article's text
    /// must keep to the text limit it was read under.
    static func feed(_ input: [UInt8]) throws(FuzzFailure) {
        let data = Data(input)
        _ = try? FeedReader.read(data, from: outlet)
        guard let feed = try? FeedReader.read(data, from: outlet, limits: smallLimits) else { return }
        for article in feed.articles {
            for text in [article.title, article.body] {
                try FuzzFailure.check(
                    text.utf8.count <= 4 * smallLimits.maximumTextBytes, "an article text of \(text.utf8.count) bytes passed the limit")
            }
        }
    }

    /// Turns the input into plain text; tidying whitespace twice must change nothing the
    /// second time.
    static func html(_ input: [UInt8]) throws(FuzzFailure) {
        let text = HTMLText.plainText(fromHTML: FuzzInput.text(input))
        try FuzzFailure.check(HTMLText.normalizeWhitespace(text) == text, "tidying the whitespace of plain text changed it")
    }
}
