import Foundation

/// The cost-basis pass (pure, exact `Decimal`): opening holdings and journal transactions in,
/// open lots and disposals out, by one `CostMethod`.
///
/// Rules (docs/store.md): transactions apply in date order (file order within one instant);
/// opening holdings come before everything. A fee in the price's currency adds to a buy's cost and
/// is taken from a sale's proceeds; a fee in a coin disposes of that coin (proceeds 0); a money fee
/// on a transfer is a loss of its own. `set` replaces the coin's lots by one lot of its amount. A
/// disposal of more than is held refuses the whole pass, naming the transaction.
public enum CostBasis {
    /// Runs the pass.
    public static func book(opening: [Holding], transactions: [LedgerTransaction], method: CostMethod) throws(LedgerRefusal) -> LedgerBook {
        var pass = Pass(method: method)
        for holding in opening {
            let cost = holding.cost.map { holding.amount.value * $0.price.value }
            pass.acquire(
                Lot(
                    symbol: holding.symbol, acquired: nil, origin: "holdings", amount: holding.amount.value, cost: cost,
                    currency: holding.cost?.currency))
        }
        // A stable sort: `sorted(by:)` is not guaranteed stable, so the file position breaks ties.
        let ordered = transactions.enumerated().sorted { ($0.element.date.date, $0.offset) < ($1.element.date.date, $1.offset) }.map(\.element)
        for transaction in ordered {
            try pass.apply(transaction)
        }
        return LedgerBook(method: method, symbols: pass.order, lots: pass.lots, disposals: pass.disposals)
    }
}

/// The pass's running state.
private struct Pass {
    let method: CostMethod
    var order: [String] = []
    var lots: [String: [Lot]] = [:]
    var disposals: [Disposal] = []

    init(method: CostMethod) { self.method = method }

    mutating func apply(_ transaction: LedgerTransaction) throws(LedgerRefusal) {
        let id = transaction.shortID
        let amount = transaction.amount.value
        let quote = transaction.price?.currency
        // A fee in the price's currency is money; on a transfer without a price, any fee not in
        // the coin itself is money too (there is nothing else it could be paid from here).
        var moneyFee: LedgerTransaction.Money?
        var coinFee: LedgerTransaction.Money?
        if let fee = transaction.fee {
            if fee.currency == quote || (quote == nil && fee.currency != transaction.symbol && transaction.kind != .buy) {
                moneyFee = fee
            } else {
                coinFee = fee
            }
        }
        switch transaction.kind {
        case .buy, .in:
            var cost = transaction.price.map { amount * $0.amount.value }
            if let fee = moneyFee, fee.currency == quote, let paid = cost { cost = paid + fee.amount.value }
            acquire(Lot(symbol: transaction.symbol, acquired: transaction.date, origin: id, amount: amount, cost: cost, currency: quote))
            if let fee = moneyFee, fee.currency != quote { moneyLoss(fee, transaction) }
        case .sell:
            let proceeds = amount * (transaction.price?.amount.value ?? 0)
            let taken = try take(transaction.symbol, amount, for: transaction)
            var disposal = Disposal(
                kind: .sale, symbol: transaction.symbol, date: transaction.date, transactionID: id, amount: amount, proceeds: proceeds,
                fee: moneyFee?.amount.value ?? 0, currency: quote, cost: nil, costCurrencyMismatch: nil)
            settle(&disposal, taken)
            disposals.append(disposal)
        case .out:
            _ = try take(transaction.symbol, amount, for: transaction)
            if let fee = moneyFee { moneyLoss(fee, transaction) }
        case .set:
            note(transaction.symbol)
            let cost = transaction.price.map { amount * $0.amount.value }
            lots[transaction.symbol] =
                amount == 0
                ? [] : [Lot(symbol: transaction.symbol, acquired: transaction.date, origin: id, amount: amount, cost: cost, currency: quote)]
        }
        if let fee = coinFee {
            let taken = try take(fee.currency, fee.amount.value, for: transaction)
            var disposal = Disposal(
                kind: .fee, symbol: fee.currency, date: transaction.date, transactionID: id, amount: fee.amount.value, proceeds: 0, fee: 0,
                currency: taken.currency, cost: nil, costCurrencyMismatch: nil)
            settle(&disposal, taken)
            disposals.append(disposal)
        }
    }

    /// A fee paid in money with nothing to add it to: a loss of its own (amount 0, cost 0).
    mutating func moneyLoss(_ fee: LedgerTransaction.Money, _ transaction: LedgerTransaction) {
        disposals.append(
            Disposal(
                kind: .fee, symbol: transaction.symbol, date: transaction.date, transactionID: transaction.shortID, amount: 0, proceeds: 0,
                fee: fee.amount.value, currency: fee.currency, cost: 0, costCurrencyMismatch: nil))
    }

    /// Fills in a disposal's cost from what `take` returned, when it is in the proceeds' currency.
    func settle(_ disposal: inout Disposal, _ taken: Taken) {
        if let cost = taken.cost, taken.currency == disposal.currency || (taken.currency == nil && cost == 0) {
            disposal.cost = cost
        } else if let currency = taken.currency, currency != disposal.currency {
            disposal.costCurrencyMismatch = currency
        }
    }

    mutating func note(_ symbol: String) {
        if lots[symbol] == nil {
            order.append(symbol)
            lots[symbol] = []
        }
    }

    /// Adds a lot; under `average` it joins the coin's pool in the same currency.
    mutating func acquire(_ lot: Lot) {
        note(lot.symbol)
        if method == .average,
            let index = lots[lot.symbol]?.firstIndex(where: { $0.currency == lot.currency && ($0.cost == nil) == (lot.cost == nil) })
        {
            lots[lot.symbol]?[index].amount += lot.amount
            if let cost = lot.cost { lots[lot.symbol]?[index].cost? += cost }
            return
        }
        lots[lot.symbol, default: []].append(lot)
    }

    /// What a disposal took: its cost when every lot taken had one in a single currency.
    struct Taken {
        var cost: Decimal?
        var currency: String?
    }

    /// Takes `amount` of `symbol` from its lots in the method's order.
    mutating func take(_ symbol: String, _ amount: Decimal, for transaction: LedgerTransaction) throws(LedgerRefusal) -> Taken {
        var coinLots = lots[symbol] ?? []
        let held = coinLots.reduce(Decimal(0)) { $0 + $1.amount }
        guard amount <= held else { throw LedgerRefusal(transaction: transaction, symbol: symbol, wanted: amount, held: held) }
        var remaining = amount
        var cost: Decimal? = 0
        var currencies: Set<String> = []
        var unknown = false
        for index in takingOrder(coinLots, currency: transaction.price?.currency) where remaining > 0 {
            let part = min(remaining, coinLots[index].amount)
            if let currency = coinLots[index].currency { currencies.insert(currency) }
            let share = coinLots[index].take(part)
            if let share, let sum = cost { cost = sum + share } else { unknown = true }
            remaining -= part
        }
        coinLots.removeAll { $0.amount == 0 }
        lots[symbol] = coinLots
        if unknown || currencies.count > 1 { return Taken(cost: nil, currency: currencies.count == 1 ? currencies.first : nil) }
        return Taken(cost: cost, currency: currencies.first)
    }

    /// The order lots are taken in.
    func takingOrder(_ lots: [Lot], currency: String?) -> [Int] {
        let indices = Array(lots.indices)
        switch method {
        case .fifo: return indices
        case .lifo: return indices.reversed()
        case .hifo:
            return indices.sorted { left, right in
                if lots[left].costsMorePerCoin(than: lots[right]) { return true }
                if lots[right].costsMorePerCoin(than: lots[left]) { return false }
                return left < right
            }
        case .average:
            // The pool in the sale's currency first, then the others as they were opened.
            return indices.filter { lots[$0].currency == currency } + indices.filter { lots[$0].currency != currency }
        }
    }
}
