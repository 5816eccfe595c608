/// Today's keys, screen by screen: the keymap with no `key.*` setting is exactly the view as it
/// always was. The order is the order the `?` help and `lacripta config` list them in.
extension Keymap {
    /// Arrows and j/k, PgUp/PgDn, g/G and Home/End: the same on every list.
    private static let moving: [(ViewAction, [KeyName])] = [
        (.moveUp, [.up, .character("k")]), (.moveDown, [.down, .character("j")]), (.pageUp, [.pageUp]), (.pageDown, [.pageDown]),
        (.first, [.home, .character("g")]), (.last, [.end, .character("G")]),
    ]

    /// Esc, Backspace, ← and h leave every screen above the toplist.
    private static let back: (ViewAction, [KeyName]) = (.back, [.escape, .backspace, .left, .character("h")])

    /// The keys of every screen, before any screen's own.
    static let everyScreen: [(ViewAction, [KeyName])] = [
        (.help, [.character("?")]), (.quit, [.character("q")]), (.suspend, [.control("z")]), (.repaint, [.control("l")]),
    ]

    /// Each screen's own actions and their default keys.
    static func defaults(for screen: Screen) -> [(ViewAction, [KeyName])] {
        let c = KeyName.character
        switch screen {
        case .toplist:
            return moving + [
                (.sort, [c("s")]), (.reverseSort, [c("S")]), (.changePeriod, [c("c")]), (.nextCurrency, [c("u")]),
                (.filter, [c("/")]), (.clearFilter, [.escape]), (.openNews, [.enter]), (.openLive, [c("l")]), (.openDetail, [c("i")]),
                (.star, [c("f")]), (.favourites, [c("F")]), (.nextGroup, [.tab]), (.holdings, [c("H")]), (.addCoin, [c("a")]),
                (.refresh, [c("r")]), (.compare, [c("x")]), (.addAlert, [c("A")]), (.alerts, [c("!")]),
            ]
        case .news:
            return moving + [
                (.openArticle, [.enter, .right, c("l")]), (.save, [c("b")]), (.markRead, [c("m")]), (.cycleList, [c("u")]),
                (.filter, [c("/")]), (.newsOrder, [c("o")]), (.refresh, [c("r")]), back,
            ]
        case .article:
            // Space pages down an article, as in a pager.
            let scrolling = moving.map { $0.0 == .pageDown ? ($0.0, $0.1 + [c(" ")]) : $0 }
            return scrolling + [
                (.rate1, [c("1")]), (.rate2, [c("2")]), (.rate3, [c("3")]), (.rate4, [c("4")]), (.rate5, [c("5")]),
                (.save, [c("b")]), (.share, [c("s")]), back,
            ]
        case .live:
            return [(.openNews, [.enter, c("n")]), (.addAlert, [c("A")]), (.alerts, [c("!")]), back]
        case .coin:
            return [
                (.range1d, [c("d")]), (.range7d, [c("w")]), (.range30d, [c("1")]), (.range90d, [c("3")]), (.range365d, [c("y")]),
                (.rangeMax, [c("m")]), (.candles, [c("c")]), (.star, [c("f")]), (.openNews, [c("n"), .enter]), (.openLive, [c("l")]),
                (.refresh, [c("r")]), back,
            ]
        case .holdings:
            return moving + [
                (.openDetail, [.enter, c("i")]), (.star, [c("f")]), (.cycleList, [.tab]), (.hideAmounts, [c("a")]), (.refresh, [c("r")]), back,
            ]
        case .alerts:
            return moving + [(.delete, [c("d"), .delete]), back]
        case .compare:
            return [(.chartMarket, [c("c")]), (.nextCoin, [c("]")]), (.nextCurrency, [c("u")]), back]
        }
    }
}
