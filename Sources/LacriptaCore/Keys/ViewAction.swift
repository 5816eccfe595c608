/// Everything a key can do in the full-screen view, by the name the config file binds it under:
/// `key.move-down = j, Down`.
///
/// One action may live on several screens (`back`, `refresh`, `star`); a binding applies to it on
/// every screen it lives on, and replaces its default keys there (see `Keymap`).
public enum ViewAction: String, Sendable, Hashable, CaseIterable, Comparable {
    // Every screen.
    case help, quit, suspend, repaint
    // Every list.
    case moveUp = "move-up"
    case moveDown = "move-down"
    case pageUp = "page-up"
    case pageDown = "page-down"
    case first, last
    // Leaving a screen.
    case back
    // The toplist.
    case sort
    case reverseSort = "reverse-sort"
    case changePeriod = "change-period"
    case nextCurrency = "next-currency"
    case filter
    case clearFilter = "clear-filter"
    case openNews = "open-news"
    case openLive = "open-live"
    case openDetail = "open-detail"
    case star
    case favourites
    case nextGroup = "next-group"
    case holdings
    case addCoin = "add-coin"
    case compare
    case addAlert = "add-alert"
    case alerts
    case refresh
    // The news list and an article.
    case openArticle = "open-article"
    case newsOrder = "news-order"
    case cycleList = "cycle-list"
    case save
    case markRead = "mark-read"
    case share
    case rate1 = "rate-1"
    case rate2 = "rate-2"
    case rate3 = "rate-3"
    case rate4 = "rate-4"
    case rate5 = "rate-5"
    // A coin's chart ranges.
    case range1d = "range-1d"
    case range7d = "range-7d"
    case range30d = "range-30d"
    case range90d = "range-90d"
    case range365d = "range-365d"
    case rangeMax = "range-max"
    /// Switches a coin's chart between a line of prices and candles (`key.candles`).
    case candles
    // The alerts screen.
    case delete
    /// Hide or show amounts, values and money P/L (the holdings screen).
    case hideAmounts = "hide-amounts"
    /// The compare chart: every exchange's mid, then each exchange's ask, bid and last in turn.
    case chartMarket = "chart-market"
    /// The compare screen's next coin (in the toplist's order), in place.
    case nextCoin = "next-coin"

    /// The config-file setting that binds it: `key.move-down`.
    public var settingName: String { Self.settingPrefix + rawValue }

    /// What every key-binding setting's name starts with.
    public static let settingPrefix = "key."

    /// The actions every screen has (quit, help, suspend, repaint), before the screen's own.
    public static let everyScreen: [ViewAction] = [.help, .quit, .suspend, .repaint]

    /// The stars an article rating action gives, 1 to 5; nil for any other action.
    public var rating: Int? {
        switch self {
        case .rate1: 1
        case .rate2: 2
        case .rate3: 3
        case .rate4: 4
        case .rate5: 5
        default: nil
        }
    }

    /// The range a chart range action shows; nil for any other action.
    public var chartRange: ChartRange? {
        switch self {
        case .range1d: .day
        case .range7d: .week
        case .range30d: .month
        case .range90d: .quarter
        case .range365d: .year
        case .rangeMax: .max
        default: nil
        }
    }

    /// Sorts by name, for lists in messages.
    public static func < (lhs: ViewAction, rhs: ViewAction) -> Bool { lhs.rawValue < rhs.rawValue }
}
