import Foundation
import LacriptaCore

/// What a terminal view knows of one pair: the streamer's merged state after the latest message,
/// when that message was taken, and the move it still highlights.
struct LiveTick: Sendable, Equatable {
    /// Every figure received so far for the pair, latest value of each (the feed merges partial
    /// updates, so an update without PRICE still carries the last price).
    var snapshot: PriceSnapshot
    /// When the latest message was taken, on the caller's clock: the "last tick" age counts from it.
    var receivedAt: Date
    /// Which way the latest message moved the price (the server's FLAGS, else a comparison).
    var direction: PriceDirection
    /// The price move being highlighted, until it ends; later messages that leave the price alone
    /// (a volume update, say) do not cut it short.
    var flash: LiveFlash?

    /// The last price, once the streamer has sent one.
    var price: Double? { snapshot.price }

    /// The change since the open of `period`, from the streamer's open figures (see `PeriodChange`).
    func change(over period: ChangePeriod) -> PeriodChange? {
        snapshot.change(over: period)
    }
}

/// A price move shown highlighted (reverse video, green or red) for a moment after it arrives.
struct LiveFlash: Sendable, Equatable {
    /// Up or down.
    var direction: PriceDirection
    /// When the highlight ends.
    var until: Date
}
