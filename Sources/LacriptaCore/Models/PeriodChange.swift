/// How far a price moved since the open of a period: the amount and the percentage, as the
/// change columns show them.
///
/// REST sends these figures ready made (`Quote.change(over:)`), but only as of the fetch; the
/// streamer sends the opens instead (OPEN24HOUR, OPENDAY, OPENHOUR), so a live price gets its
/// change from them and the two columns never disagree with the price beside them.
public struct PeriodChange: Sendable, Equatable {
    /// `price - open`, in the quote currency.
    public var amount: Double
    /// `amount / open × 100`.
    public var percent: Double

    /// The change from `open` to `price`, or `nil` when there is no figure to show.
    ///
    /// That is when either is missing or not finite, or the open is zero (no percentage exists
    /// then). A difference that overflows (prices near ±1.7e308 from a hostile streamer) is `nil`
    /// too: no figure is better than an infinite one.
    public init?(price: Double?, open: Double?) {
        guard let price, let open, price.isFinite, open.isFinite, open != 0 else { return nil }
        let amount = price - open
        let percent = amount / open * 100
        guard amount.isFinite, percent.isFinite else { return nil }
        self.amount = amount
        self.percent = percent
    }
}

extension ChangePeriod {
    /// The streamer figure a change over this period is measured from: OPEN24HOUR (the price 24
    /// hours ago, rolled hourly), OPENDAY (00:00 UTC) or OPENHOUR (the start of the hour).
    public var openField: PriceField {
        switch self {
        case .rolling24h: .open24Hour
        case .day: .openDay
        case .hour: .openHour
        }
    }
}

extension PriceSnapshot {
    /// The change of the merged price since the open of `period`; `nil` until the streamer has
    /// sent both the price and that open (or when the open is zero).
    public func change(over period: ChangePeriod) -> PeriodChange? {
        PeriodChange(price: fields.price, open: fields[period.openField])
    }
}
