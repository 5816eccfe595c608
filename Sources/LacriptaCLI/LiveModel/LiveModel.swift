import Foundation
import LacriptaCore

/// What the terminal views know live: the latest merged state of each pair they follow, when it
/// arrived and which way it last moved, the move still highlighted, the connection state, and the
/// pairs the streamer refused.
///
/// The one model behind every live screen: the `live` table, the full-screen view's toplist
/// prices and change columns, and its live detail (and next, compare and alerts). It is a value
/// fed the feed's own `PriceFeedEvent`s, each with the time it was taken, so there is no clock
/// inside and no translation between the feed and the views; `apply` says what changed, so a
/// caller knows whether to redraw, count or report. Tick sequences and flash timing are tested
/// by feeding events at explicit times.
///
/// A flash marks a move: a message that changed the price, in the direction the server's FLAGS
/// (or the comparison with the old price) give. A pair's first message never flashes: it is the
/// state at subscription, not a move the user saw happen.
struct LiveModel: Sendable, Equatable {
    /// How long a price move stays highlighted.
    static let flashDuration: TimeInterval = 1

    /// The pairs followed, in the order the view shows them.
    ///
    /// Updates for any other pair are dropped, so a tick in flight for a pair just left (another
    /// currency, a row scrolled away) never shows under the wrong heading.
    private(set) var pairs: [PairKey] {
        didSet { followed = Set(pairs) }
    }
    /// `pairs` as a set, for the lookup every update makes.
    private var followed: Set<PairKey>
    /// Whether an update for a followed pair on another market lands in that pair's row: without a
    /// key, live prices come from whichever exchange lists the pair (Coinbase, else Kraken), and
    /// the row shows where its price came from.
    let matchesAnyMarket: Bool
    /// The latest tick of each followed pair that has sent one.
    private(set) var ticks: [PairKey: LiveTick] = [:]
    /// Pairs the streamer refused, with its explanation (one sanitised line).
    ///
    /// Kept when the pair is no longer followed, so a view does not ask for it again; `reset()`
    /// forgets them.
    private(set) var refused: [PairKey: String] = [:]
    /// The connection state as last reported; `nil` before the first report.
    private(set) var state: FeedState?
    /// Why the feed gave up, once it has (it then reports nothing more).
    private(set) var failure: String?
    /// The latest notice worth telling the user (a refused pair, a failed connect, a limit).
    private(set) var notice: LiveNotice?

    /// What one event changed.
    enum Change: Sendable, Equatable {
        /// Nothing a view shows (a confirmation, a welcome, a pair not followed).
        case nothing
        /// New figures for a followed pair.
        case tick(PairKey)
        /// The connection state.
        case state(FeedState)
        /// A notice; for a refusal the pair is recorded in `refused` too.
        case notice(LiveNotice)
    }

    /// A model following `pairs`.
    init(pairs: [PairKey] = [], matchingAnyMarket: Bool = false) {
        self.pairs = pairs
        followed = Set(pairs)
        matchesAnyMarket = matchingAnyMarket
    }

    /// Follows `pairs` from now on, forgetting the ticks of pairs no longer among them (their
    /// subscription is gone, so their figures would only grow old on screen).
    mutating func follow(_ pairs: [PairKey]) {
        self.pairs = pairs
        ticks = ticks.filter { followed.contains($0.key) }
    }

    /// Takes one feed event that arrived at `now`; returns what it changed.
    @discardableResult
    mutating func apply(_ event: PriceFeedEvent, at now: Date) -> Change {
        switch event {
        case .update(let change):
            return take(change, at: now)
        case .state(let new):
            state = new
            return .state(new)
        case .invalidSubscription(let invalid):
            guard let notice = LiveNotice(event) else { return .nothing }
            if let pair = invalid.subscription?.pair, case .refused(_, _, let info) = notice { refused[pair] = info }
            self.notice = notice
            return .notice(notice)
        case .connectFailed, .rateLimited, .noDataYet:
            guard let notice = LiveNotice(event) else { return .nothing }
            self.notice = notice
            return .notice(notice)
        case .welcome, .subscribed, .unsubscribed, .loadComplete, .serverNotice:
            return .nothing
        }
    }

    /// Records that the feed gave up for `reason` (one line, already in the user's words).
    mutating func fail(_ reason: String) {
        failure = reason
    }

    /// Forgets every tick, refusal and notice (the view changed currency: old prices would be in
    /// the wrong money, and a pair refused in one currency may exist in another).
    mutating func reset() {
        ticks = [:]
        refused = [:]
        notice = nil
    }

    /// Merges a price update for a followed pair.
    private mutating func take(_ change: PriceChange, at now: Date) -> Change {
        var pair = change.pair
        if !followed.contains(pair) {
            guard matchesAnyMarket, let row = pairs.first(where: { $0.from == pair.from && $0.to == pair.to }) else { return .nothing }
            pair = row
        }
        var tick = ticks[pair] ?? LiveTick(snapshot: change.snapshot, receivedAt: now, direction: .unchanged)
        tick.snapshot = change.snapshot
        tick.receivedAt = now
        tick.direction = change.direction
        if change.changed.contains(PriceField.price), !change.isFirst, change.direction != .unchanged {
            tick.flash = LiveFlash(direction: change.direction, until: now.addingTimeInterval(Self.flashDuration))
        }
        ticks[pair] = tick
        return .tick(pair)
    }

    /// The latest tick of `pair`, if it has sent one.
    func tick(for pair: PairKey) -> LiveTick? {
        ticks[pair]
    }

    /// Whether the streamer refused `pair`.
    func isRefused(_ pair: PairKey) -> Bool {
        refused[pair] != nil
    }

    /// Whether the streamer refused every followed pair (nothing is left to wait for).
    var everythingRefused: Bool {
        pairs.allSatisfy { refused[$0] != nil }
    }

    /// The direction of `pair`'s move still highlighted at `now`, if one is.
    func flash(for pair: PairKey, at now: Date) -> PriceDirection? {
        guard let flash = ticks[pair]?.flash, flash.until > now else { return nil }
        return flash.direction
    }

    /// When the next highlight still showing at `now` ends, so the view can redraw right then.
    func nextFlashEnd(after now: Date) -> Date? {
        ticks.values.lazy.compactMap(\.flash?.until).filter { $0 > now }.min()
    }
}
