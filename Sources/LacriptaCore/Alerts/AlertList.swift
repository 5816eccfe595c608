import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The user's price alerts: `alerts` in the store (mode 0600), one alert per line (see `Alert`).
///
/// Every process that fires an alert records it here under the store's lock first, and delivers
/// it only when the record says the alert was still armed: two `alert watch` processes on one store
/// then tell the user once, and a fired alert stays fired across restarts.
public struct AlertList: StoreDocument, Equatable {
    static let fileName = "alerts"
    static let mode: mode_t = 0o600
    static let header = [
        "lacripta alerts: ID SYMBOL CURRENCY CONDITION [repeat] armed|fired [LAST-FIRED] [note TEXT], one alert per line.",
        "CONDITION is `above PRICE`, `below PRICE` or `move PERCENT WINDOW` (WINDOW: 1h, 24h); LAST-FIRED is UTC.",
        "Edit freely; lines starting with # are ignored. `lacripta alert add|rm|clear` and `lacripta alert watch` keep this file.",
    ]

    var lines: StoreLines<Alert>

    init(lines: StoreLines<Alert>) {
        self.lines = lines
    }

    /// The alerts, in file order (for a hand-written id used twice, the first line wins).
    public var alerts: [Alert] {
        var seen = Set<Int>()
        return entries.filter { seen.insert($0.id).inserted }
    }

    /// The alert with `id`, if there is one.
    public func alert(_ id: Int) -> Alert? {
        entries.first { $0.id == id }
    }

    /// Adds `alert` under the next free id (one more than the largest), and returns it as stored.
    @discardableResult
    public mutating func add(_ alert: Alert) -> Alert {
        var alert = alert
        alert.id = (entries.map(\.id).max() ?? 0) + 1
        append(alert)
        return alert
    }

    /// Removes the alert with `id`; returns whether it was there.
    @discardableResult
    public mutating func remove(_ id: Int) -> Bool {
        remove { $0.id == id } > 0
    }

    /// Removes every fired alert; returns how many went.
    @discardableResult
    public mutating func removeFired() -> Int {
        remove { $0.state == .fired }
    }

    /// Records that `firing` of `rule` happened, when the stored alert may still fire: it exists
    /// with the same rule and is armed (and a repeating move alert did not just fire through
    /// another process). Returns the alert as now stored, to deliver; nil means another process
    /// fired it first, or the user removed or changed it meanwhile, and nothing is to be said.
    public mutating func recordFiring(_ firing: AlertFiring, of rule: AlertRule, rearmed staysArmed: Bool) -> Alert? {
        guard var alert = alert(firing.id), alert.rule == rule, alert.state == .armed else { return nil }
        let at = Date(timeIntervalSince1970: firing.at.timeIntervalSince1970.rounded(.down))
        // A repeating move alert stays armed, so its state cannot tell two processes apart; the
        // time can: the same move seen by both arrives within moments.
        if staysArmed, let last = alert.lastFired, abs(last.timeIntervalSince(at)) < Self.sameFiringWindow { return nil }
        alert.state = staysArmed ? .armed : .fired
        alert.lastFired = at
        replace(where: { $0.id == firing.id }, with: alert)
        return alert
    }

    /// Marks a fired repeating alert armed again; returns whether anything changed.
    @discardableResult
    public mutating func recordRearm(_ id: Int, of rule: AlertRule) -> Bool {
        guard var alert = alert(id), alert.rule == rule, alert.state == .fired else { return false }
        alert.state = .armed
        replace(where: { $0.id == id }, with: alert)
        return true
    }

    /// Two firings of one alert closer than this are the same firing seen by two processes.
    static let sameFiringWindow: TimeInterval = 5

    static func entry(parsing line: String) throws(StoreLineError) -> Alert {
        try Alert.parse(line)
    }

    static func line(for entry: Alert) -> String { entry.line }
}

extension UserStore {
    /// The alerts (empty when the file does not exist yet).
    public func alerts() throws(LacriptaError) -> AlertList { try read(AlertList.self) }

    /// Changes the alerts under the lock; writes only when `change` changed something.
    @discardableResult
    public func updateAlerts<Result>(_ change: (inout AlertList) throws -> Result) throws -> Result {
        try update(AlertList.self, change)
    }

    /// What the alerts file looks like on disk now (inode, size, modification time), so a watcher
    /// re-reads it only after someone changed it; nil when there is none.
    public func alertsStamp() -> FileStamp? {
        FileStamp(path: path(of: AlertList.self))
    }
}

/// A file's identity and last change, from `stat(2)`: equal stamps mean nothing was written
/// (writers rename a new file into place, so the inode changes with every write).
public struct FileStamp: Sendable, Equatable {
    let inode: UInt64
    let size: Int64
    let modified: Int64

    /// The stamp of the file at `path`, or nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
    }
}
