import Foundation
import Testing

@testable import LacriptaCore

/// The outlets and recorded feeds the feed tests read.
enum FeedFixtures {
    /// The default outlet called `name`.
    static func outlet(_ name: String) -> FeedOutlet {
        FeedOutlet.all.first { $0.name == name } ?? FeedOutlet(name: name, url: URL(fileURLWithPath: "/"))
    }

    /// Blockworks (Atom): not in the known list, since it blocks datacenter addresses.
    static func blockworks() throws -> FeedOutlet {
        FeedOutlet(name: "Blockworks", url: try #require(URL(string: "https://blockworks.co/feed")))
    }

    /// Reads a recorded feed as if fetched from `outlet`.
    static func read(_ file: String, from outlet: FeedOutlet) throws -> Feed {
        try FeedReader.read(RecordedFixture.data(file), from: outlet)
    }

    /// A feed document from inline text, read as The Block's.
    static func read(xml: String, limits: FeedLimits = .standard) throws(FeedError) -> Feed {
        try FeedReader.read(Data(xml.utf8), from: outlet("The Block"), limits: limits)
    }

    /// The error reading `data` gives, or nil when it succeeds.
    static func error(reading data: Data, limits: FeedLimits = .standard) -> FeedError? {
        do {
            _ = try FeedReader.read(data, from: outlet("The Block"), limits: limits)
            return nil
        } catch {
            return error
        }
    }
}
