import Foundation

/// One line of the journal: a buy, a sell, a transfer in or out, or a `set` (what `holdings set`
/// records: from then on the coin is held in exactly that amount, at that cost).
///
/// Amounts, prices and fees keep the user's (or the exchange's) digits as `DecimalText`; the
/// arithmetic is done in `Decimal` by `CostBasis`. Quantities are never signed: the kind says the
/// direction, so a line cannot say one thing with its verb and another with its sign.
public struct LedgerTransaction: Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Sendable, CaseIterable {
        /// Bought coin for money (or another coin named as the price's currency).
        case buy
        /// Sold coin.
        case sell
        /// Coin came in without a trade: a transfer from elsewhere, a reward, a gift.
        case `in`
        /// Coin went out without a trade: a transfer away, a gift, a payment.
        case out
        /// An adjustment (`holdings set`): the coin's lots are replaced by one lot of this amount.
        case set
    }

    /// A number with the currency it is in, e.g. `30000 USD` or `0.0001 BTC`.
    public struct Money: Sendable, Equatable {
        /// The digits as written.
        public var amount: DecimalText
        /// An upper-case code: a currency or a coin's ticker.
        public var currency: String

        /// Creates a sum.
        public init(_ amount: DecimalText, _ currency: String) {
            self.amount = amount
            self.currency = currency
        }
    }

    /// When, as written, with its instant.
    public var date: LedgerDate
    /// What happened.
    public var kind: Kind
    /// How much coin, as written.
    public var amount: DecimalText
    /// The coin's ticker, upper case.
    public var symbol: String
    /// What one coin cost or fetched (`@ 30000 USD`); required for buy and sell.
    public var price: Money?
    /// The fee, in the price's currency (added to cost, taken from proceeds) or in a coin (which it
    /// disposes of).
    public var fee: Money?
    /// Where it happened (`at:coinbase`), one word.
    public var venue: String?
    /// The short id the user names it by (`id:a1b2c3`); lines written by hand may leave it out.
    public var id: String?
    /// The exchange's own id of an imported row (`src:coinbase:677d8…`), so a re-import adds nothing.
    public var source: String?
    /// Free text after `;`.
    public var note: String?

    /// Creates a transaction.
    public init(
        date: LedgerDate, kind: Kind, amount: DecimalText, symbol: String, price: Money? = nil, fee: Money? = nil, venue: String? = nil,
        id: String? = nil, source: String? = nil, note: String? = nil
    ) {
        self.date = date
        self.kind = kind
        self.amount = amount
        self.symbol = symbol
        self.price = price
        self.fee = fee
        self.venue = venue
        self.id = id
        self.source = source
        self.note = note
    }
}
