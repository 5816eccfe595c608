import Foundation

/// A news outlet as a source names it: CryptoCompare's feed `key` ("coindesk") and name ("CoinDesk").
public struct NewsOutlet: Sendable, Equatable {
    /// What `--outlet` takes and the service's `feeds` parameter expects.
    public var key: String
    /// The outlet's display name.
    public var name: String

    /// Creates an outlet.
    public init(key: String, name: String) {
        self.key = key
        self.name = name
    }

    /// Whether `text` names this outlet: its key or its name, in any case, spaces and dots not
    /// counting ("coindesk", "CoinDesk", "bitcoin.com", "Bitcoin com"). With `allowingPrefix`, also
    /// the start of its name, four letters or more, as feeds title themselves at length
    /// ("cointelegraph" for "Cointelegraph.com News"); callers try the whole name first.
    public func isNamed(_ text: String, allowingPrefix: Bool = false) -> Bool {
        let wanted = Self.folded(text)
        guard !wanted.isEmpty else { return false }
        if Self.folded(key) == wanted || Self.folded(name) == wanted { return true }
        return allowingPrefix && wanted.count >= 4 && Self.folded(name).hasPrefix(wanted)
    }

    private static func folded(_ text: String) -> String {
        String(text.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
