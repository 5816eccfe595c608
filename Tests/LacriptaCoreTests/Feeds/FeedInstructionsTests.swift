import Foundation
import Testing

@testable import LacriptaCore

/// Processing instructions without data, which Foundation's XMLParser on Linux crashed on (a null
/// pointer read as a C string): found by fuzzing.
@Suite("Feed reader: processing instructions")
struct FeedInstructionsTests {
    private func read(_ text: String) throws -> Feed {
        try FeedReader.read(Data(text.utf8), from: FeedOutlet(name: "Test", url: URL(fileURLWithPath: "/feed.xml")))
    }

    @Test("<?x?> before the root and inside an item: the feed reads (fuzz: feed-reader/crash-empty-processing-instruction)")
    func emptyInstructions() throws {
        let feed = try read(
            """
            <?x?>
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>T</title>
            <item><title>Bitcoin<?y?> rallies</title><link>https://example.com/a</link></item>
            </channel></rss>
            """)
        #expect(feed.articles.map(\.title) == ["Bitcoin rallies"])
        #expect(feed.problem == nil)
    }

    /// The fuzzer's input `name` from the feed reader's corpus: it starts with `prefix`, the repair
    /// gives that prefix its space, and the reader returns a feed or a malformed-feed error.
    @Test(
        "the fuzzer's inputs read as a feed or fail cleanly (fuzz: feed-reader/crash-empty-…, crash-nested-processing-instruction)",
        arguments: [("crash-empty-processing-instruction", "<?x?>", "<?x ?>"), ("crash-nested-processing-instruction", "<?<?x?>", "<?<?x ?>")])
    func fuzzerInputs(name: String, prefix: String, repaired: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../FuzzTesting/Corpus/feed-reader/\(name)")
        let data = try Data(contentsOf: url.standardized)
        #expect(data.starts(with: Array(prefix.utf8)))
        #expect(FeedInstructions.withData(data).starts(with: Array(repaired.utf8)))
        do {
            _ = try FeedReader.read(data, from: FeedOutlet(name: "Test", url: URL(fileURLWithPath: "/feed.xml")))
        } catch {
            guard case .malformed = error.reason else {
                Issue.record("expected a feed or a malformed-feed error, got \(error)")
                return
            }
        }
    }

    @Test(
        "every <?name?> gets a space, wherever it stands; instructions with data and the declaration stay",
        arguments: [
            ("<?x?>", "<?x ?>"),
            ("<?xml version=\"1.0\"?><a><?p?></a>", "<?xml version=\"1.0\"?><a><?p ?></a>"),
            ("<?p data?><?q\t?><??>", "<?p data?><?q\t?><??>"),
            ("<!-- <?c?> --><![CDATA[<?d?>]]><?e?>", "<!-- <?c ?> --><![CDATA[<?d ?>]]><?e ?>"),
            ("<?cut", "<?cut"), ("<?cut?", "<?cut?"), ("a<?b?>c<?d?>", "a<?b ?>c<?d ?>"),
            ("<?<?x?>", "<?<?x ?>"), ("<?p <!-- ?><?x?> -->", "<?p <!-- ?><?x ?> -->"),
        ])
    func repair(input: String, expected: String) {
        #expect(String(decoding: FeedInstructions.withData(Data(input.utf8)), as: UTF8.self) == expected)
    }

    @Test("a document without such instructions is handed on as it is")
    func untouched() {
        let data = Data("<rss><channel></channel></rss>".utf8)
        #expect(FeedInstructions.withData(data) == data)
    }
}
