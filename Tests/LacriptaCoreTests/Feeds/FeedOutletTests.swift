import Foundation
import Testing

@testable import LacriptaCore

/// The outlet list and the per-coin feed addresses.
@Suite("Feed outlets")
struct FeedOutletTests {
    @Test("the defaults are the four recorded outlets, with the reference's URLs")
    func defaults() {
        #expect(FeedOutlet.defaults.map(\.name) == ["CoinDesk", "Cointelegraph", "Decrypt", "The Block"])
        #expect(
            FeedOutlet.defaults.map(\.url.absoluteString) == [
                "https://www.coindesk.com/arc/outboundfeeds/rss/", "https://cointelegraph.com/rss", "https://decrypt.co/feed",
                "https://www.theblock.co/rss.xml",
            ])
    }

    @Test("every known outlet has an https URL and a unique name")
    func all() {
        #expect(FeedOutlet.all.count == 9)
        #expect(Set(FeedOutlet.all.map(\.name)).count == FeedOutlet.all.count)
        #expect(FeedOutlet.all.allSatisfy { $0.url.scheme == "https" && $0.url.host != nil })
        #expect(FeedOutlet.all.filter { !$0.isVerified }.map(\.name) == ["Bitcoin Magazine", "CryptoSlate", "Bitcoinist", "NewsBTC", "U.Today"])
    }

    @Test("Cointelegraph tag feeds take only a slug")
    func cointelegraphTags() {
        #expect(FeedOutlet.cointelegraph(tag: "Bitcoin")?.url.absoluteString == "https://cointelegraph.com/rss/tag/bitcoin")
        #expect(FeedOutlet.cointelegraph(tag: "shiba-inu")?.url.absoluteString == "https://cointelegraph.com/rss/tag/shiba-inu")
        #expect(FeedOutlet.cointelegraph(tag: "bitcoin")?.name == "Cointelegraph")
        #expect(FeedOutlet.cointelegraph(tag: "../rss") == nil)
        #expect(FeedOutlet.cointelegraph(tag: "a?b=c") == nil)
        #expect(FeedOutlet.cointelegraph(tag: "") == nil)
    }
}
