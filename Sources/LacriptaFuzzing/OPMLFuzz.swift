import Foundation
import LacriptaCore

/// OPML files and the feed list file: both are read from files a user got elsewhere.
enum OPMLFuzz {
    /// Reads the input as OPML and as a feed list. Feeds read from OPML must come back the same
    /// through the writer; a feed list must read back what it writes.
    static func run(_ input: [UInt8]) throws(FuzzFailure) {
        if let feeds = try? OPMLReader.read(Data(input)) {
            let written = OPMLWriter.document(feeds, now: Date(timeIntervalSince1970: 0))
            let back = try? OPMLReader.read(Data(written.utf8))
            try FuzzFailure.check(back?.map(\.url) == feeds.map(\.url), "OPML written from \(feeds.count) feeds did not read back the same addresses")
        }
        if let list = try? FeedList(text: FuzzInput.text(input)) {
            let again = try? FeedList(text: list.text)
            try FuzzFailure.check(again?.feeds == list.feeds, "the feed list did not read back what it wrote")
        }
    }
}
