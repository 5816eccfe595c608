import Foundation
import LacriptaSQLite

/// What the last fetches of one feed left: when it last answered and the last error it gave, kept
/// in the archive's `state` table (`feed_fetched:URL`, `feed_error:URL`) for `lacripta feeds`.
public struct FeedStatus: Sendable, Equatable {
    /// When the feed's articles were last fetched (a cached copy's own time when the cache served).
    public var fetchedAt: Date?
    /// The last failure, while no fetch has succeeded since (the text as shown to the user).
    public var error: String?
    /// When that failure happened.
    public var errorAt: Date?

    /// Creates a status.
    public init(fetchedAt: Date? = nil, error: String? = nil, errorAt: Date? = nil) {
        self.fetchedAt = fetchedAt
        self.error = error
        self.errorAt = errorAt
    }
}

extension ArticleArchive {
    /// Records what one `news` run found of each feed, in one transaction: an answer sets its
    /// fetch time and clears its error; a failure (or a cached copy standing in for one) sets it.
    public func recordFeeds(_ reports: [FeedReport], now: Date) throws(LacriptaError) {
        guard !reports.isEmpty else { return }
        try guarded {
            // Every news run writes this: like a fetch's store it does not wait for the disk
            // (no fsync per commit; a kill -9 loses nothing committed).
            try database.execute("PRAGMA synchronous = NORMAL")
            defer { try? database.execute("PRAGMA synchronous = FULL") }
            try database.transaction {
                for report in reports {
                    if let fetched = report.fetchedAt {
                        try database.run(
                            "INSERT INTO state (name, value) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                            [.text("feed_fetched:" + report.url), .text(String(fetched.timeIntervalSince1970))])
                    }
                    if let error = report.error {
                        try database.run(
                            "INSERT INTO state (name, value) VALUES (?1, ?2) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                            [.text("feed_error:" + report.url), .text(String(now.timeIntervalSince1970) + Self.separator + error)])
                    } else {
                        try database.run("DELETE FROM state WHERE name = ?1", [.text("feed_error:" + report.url)])
                    }
                }
            }
        }
    }

    /// What the archive knows of the feed at `url`.
    public func feedStatus(url: String) throws(LacriptaError) -> FeedStatus {
        try guarded {
            var status = FeedStatus()
            if let row = try database.row("SELECT value FROM state WHERE name = ?1", [.text("feed_fetched:" + url)]),
                let seconds = Double(row.text(0))
            {
                status.fetchedAt = Date(timeIntervalSince1970: seconds)
            }
            if let row = try database.row("SELECT value FROM state WHERE name = ?1", [.text("feed_error:" + url)]) {
                let parts = row.text(0).split(separator: Self.separator, maxSplits: 1, omittingEmptySubsequences: false)
                status.errorAt = parts.first.flatMap { Double($0) }.map(Date.init(timeIntervalSince1970:))
                status.error = parts.count > 1 ? String(parts[1]) : ""
            }
            return status
        }
    }
}
