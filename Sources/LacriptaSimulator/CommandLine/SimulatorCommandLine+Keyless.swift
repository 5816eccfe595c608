/// The keyless sources' flags: `--coingecko-fault`, `--feed-fault`, `--feed-delay`.
extension SimulatorCommandLine {
    /// Applies a CoinGecko or feed flag with a value; returns false when `name` is not one.
    /// `--feed-fault` and `--feed-delay` may be given more than once (one per feed, say).
    mutating func parseKeylessOption(
        _ name: String, value: () throws(SimulatorUsageError) -> String
    ) throws(SimulatorUsageError) -> Bool {
        switch name {
        case "--coingecko-fault":
            guard let fault = CoinGeckoFault(argument: try value()) else {
                throw SimulatorUsageError(
                    message: "unknown --coingecko-fault mode; use one of: \(CoinGeckoFault.argumentNames.joined(separator: ", "))")
            }
            coinGeckoFault = fault
        case "--feed-fault":
            guard let setting = FeedSetting.parse(try value(), value: FeedFault.init(argument:)) else {
                throw SimulatorUsageError(
                    message: "--feed-fault needs MODE[@FEED]; modes: \(FeedFault.argumentNames.joined(separator: ", ")); "
                        + "feeds: \(Self.feedNames)")
            }
            feedFaults.append(setting)
        case "--feed-delay":
            guard let setting = FeedSetting.parse(try value(), value: Self.delay) else {
                throw SimulatorUsageError(message: "--feed-delay needs SECONDS[@FEED] (0 to 3600); feeds: \(Self.feedNames)")
            }
            feedDelays.append(setting)
        default: return false
        }
        return true
    }

    /// The feed slugs, for error messages.
    static var feedNames: String { SimulatedFeed.allCases.map(\.rawValue).joined(separator: ", ") }

    /// Seconds from 0 to an hour as a `Duration`; nil for anything else.
    private static func delay(_ text: String) -> Duration? {
        guard let seconds = Double(text), seconds.isFinite, (0...3600).contains(seconds) else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
