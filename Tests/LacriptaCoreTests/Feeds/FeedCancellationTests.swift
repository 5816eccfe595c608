import Foundation
import Testing

@testable import LacriptaCore

/// A parse never outlives the task that asked for it: quitting the view or Ctrl-C cancels the
/// task, and the reader stops at the parser's next event.
@Suite("Feed reader: cancellation")
struct FeedCancellationTests {
    /// 5,000 items (about 500 KB): far more events than any check below lets through.
    private static let huge: Data = {
        let item = "<item><title>Bitcoin</title><link>https://example.com/a</link><description>d</description></item>\n"
        return Data(("<rss><channel><title>Big</title>\n" + String(repeating: item, count: 5_000) + "</channel></rss>").utf8)
    }()

    private static let outlet = FeedOutlet(name: "Big", url: URL(fileURLWithPath: "/feed.xml"))

    /// Counts how often the reader asked whether it was cancelled.
    private final class Checks {
        var count = 0
    }

    @Test("the reader stops at the first event after it is cancelled, without reading the rest of the feed")
    func stopsAtNextEvent() {
        let checks = Checks()
        do {
            _ = try FeedReader.read(Self.huge, from: Self.outlet) {
                checks.count += 1
                return checks.count > 100
            }
            Issue.record("a cancelled read returned a feed")
        } catch {
            #expect(error.reason == .cancelled)
            #expect(error.description == "reading the Big feed was cancelled")
        }
        // Asked once per event until the answer was yes, then never again.
        #expect(checks.count == 101)
    }

    @Test("an uncancelled read asks at every event and reads every item")
    func readsWhenNotCancelled() throws {
        let checks = Checks()
        let feed = try FeedReader.read(Self.huge, from: Self.outlet) {
            checks.count += 1
            return false
        }
        #expect(feed.articles.count == 5_000)
        #expect(checks.count > 5_000)
    }

    @Test("cancelling the task that reads (the view quitting) ends the read with .cancelled")
    func taskCancellation() async {
        let task = Task { () -> FeedError.Reason? in
            // Ends when the task is cancelled, so the read below starts in a cancelled task.
            try? await Task.sleep(for: .seconds(3600))
            do {
                _ = try FeedReader.read(Self.huge, from: Self.outlet)
                return nil
            } catch let error as FeedError {
                return error.reason
            } catch {
                return nil
            }
        }
        task.cancel()
        #expect(await task.value == .cancelled)
    }
}
