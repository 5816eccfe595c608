import Foundation

/// The checks for the settings that choose and reach the data sources.
extension Configuration {
    /// `auto`, `cryptocompare` or `public`, in any case.
    static func sourceChoice(_ setting: SettingValue) throws(LacriptaError) -> SourceChoice {
        let text = setting.text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let choice = SourceChoice(rawValue: text) else {
            let names = SourceChoice.allCases.map(\.rawValue).joined(separator: ", ")
            throw .configuration("\(setting.origin) must be one of \(names)")
        }
        return choice
    }

    /// The CoinGecko demo key, if the setting holds one: printable ASCII without spaces, like the
    /// CryptoCompare key, and for the same reason (it travels in a header).
    static func coinGeckoKey(_ setting: SettingValue) throws(LacriptaError) -> APIKey? {
        guard let key = APIKey(setting.text) else { return nil }
        guard key.isWellFormed else {
            throw .configuration(
                "\(setting.origin) is not a valid CoinGecko key (it holds a control character, a space or a non-ASCII character): copy the key again"
            )
        }
        return key
    }

    /// Comma-separated http(s) feed URLs, each checked like the other URLs; nil when the list is
    /// empty, which means the default outlets. A URL of a known outlet keeps that outlet's name;
    /// any other is named by its host until its feed's title is read.
    static func newsFeeds(_ setting: SettingValue) throws(LacriptaError) -> [FeedOutlet]? {
        var outlets: [FeedOutlet] = []
        for part in setting.text.split(separator: ",") {
            let text = part.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            let url = try url(SettingValue(text: text, origin: setting.origin), default: defaultAPIURL, schemes: ["http", "https"])
            guard !outlets.contains(where: { $0.url == url }) else { continue }
            outlets.append(FeedOutlet.known(url) ?? FeedOutlet.unknown(url))
        }
        return outlets.isEmpty ? nil : outlets
    }

    /// A yes-or-no setting: true, yes, on or 1; false, no, off or 0 (any case).
    static func boolean(_ setting: SettingValue) throws(LacriptaError) -> Bool {
        switch setting.text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: throw .configuration("\(setting.origin) must be true or false")
        }
    }

    /// A cost method's name: fifo, lifo, hifo or average.
    static func costMethod(_ setting: SettingValue) throws(LacriptaError) -> CostMethod {
        guard let method = CostMethod(name: setting.text.trimmingCharacters(in: .whitespaces)) else {
            throw .configuration("\(setting.origin) must be fifo, lifo, hifo or average")
        }
        return method
    }
}
