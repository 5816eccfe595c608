import Foundation

/// The cost-basis pass (pure, exact: `LedgerNumber`, integers where they hold the value and
/// `Decimal` where they do not): opening holdings and journal transactions in, open lots and
/// disposals out, by one `CostMethod`.
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
            let cost = holding.cost.map { holding.amount.number * $0.price.number }
            pass.acquire(
                Lot(
                    symbol: holding.symbol, acquired: nil, origin: "holdings", quantity: holding.amount.number, cost: cost,
                    currency: holding.cost?.currency))
        }
        for index in dateOrder(transactions) {
            try pass.apply(transactions[index])
        }
        return LedgerBook(method: method, symbols: pass.order, lots: pass.lots, disposals: pass.disposals)
    }

    /// The positions of `transactions` in date order, file order within one instant. Indices are
    /// sorted, not the transactions (copying each one's strings was a tenth of the pass), and a
    /// journal already in date order, as one written by lacripta mostly is, is not sorted at all.
    static func dateOrder(_ transactions: [LedgerTransaction]) -> [Int] {
        let indices = Array(transactions.indices)
        if indices.dropFirst().allSatisfy({ transactions[$0 - 1].date.date <= transactions[$0].date.date }) { return indices }
        // A stable sort: `sorted(by:)` is not guaranteed stable, so the file position breaks ties.
        return indices.sorted { (transactions[$0].date.date, $0) < (transactions[$1].date.date, $1) }
    }
}

/// One coin's open lots during the pass, kept so that the next lot to take is at hand: in
/// acquisition order for FIFO (taken from `head`, emptied lots skipped rather than shifted) and
/// LIFO (taken from the end); in a heap for HIFO (`dearest`); one pool per currency for average.
/// `held` is kept as it changes, so a disposal never sums the lots: the pass stays linear in
/// practice at 10,000 transactions.
private struct CoinLots {
    var items: [Lot] = []
    var head = 0
    var dearest = DearestFirstLots()
    var held = LedgerNumber.zero

    var open: ArraySlice<Lot> { items[head...] }
}

/// The pass's running state.
private struct Pass {
    let method: CostMethod
    var order: [String] = []
    var coins: [String: CoinLots] = [:]
    var disposals: [Disposal] = []
    /// How many lots were acquired so far: the order HIFO breaks ties by.
    var acquired = 0

    init(method: CostMethod) { self.method = method }

    /// The open lots per coin, oldest first whatever the method kept them in (for HIFO, lots of
    /// one date in the order they would be taken).
    var lots: [String: [Lot]] {
        coins.mapValues { coin in
            method == .hifo ? coin.dearest.oldestFirst : Array(coin.open)
        }
    }

    mutating func apply(_ transaction: LedgerTransaction) throws(LedgerRefusal) {
        let id = transaction.shortID
        let amount = transaction.amount.number
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
            var cost = transaction.price.map { amount * $0.amount.number }
            if let fee = moneyFee, fee.currency == quote, let paid = cost { cost = paid + fee.amount.number }
            acquire(Lot(symbol: transaction.symbol, acquired: transaction.date, origin: id, quantity: amount, cost: cost, currency: quote))
            if let fee = moneyFee, fee.currency != quote { moneyLoss(fee, transaction) }
        case .sell:
            let proceeds = amount * (transaction.price?.amount.number ?? LedgerNumber.zero)
            let taken = try take(transaction.symbol, amount, for: transaction)
            var disposal = Disposal(
                kind: .sale, symbol: transaction.symbol, date: transaction.date, transactionID: id, currency: quote,
                numbers: .init(amount: amount, proceeds: proceeds, fee: moneyFee?.amount.number ?? .zero, cost: nil))
            settle(&disposal, taken)
            disposals.append(disposal)
        case .out:
            _ = try take(transaction.symbol, amount, for: transaction)
            if let fee = moneyFee { moneyLoss(fee, transaction) }
        case .set:
            note(transaction.symbol)
            let cost = transaction.price.map { amount * $0.amount.number }
            var coin = CoinLots()
            if !amount.isZero {
                let lot = Lot(symbol: transaction.symbol, acquired: transaction.date, origin: id, quantity: amount, cost: cost, currency: quote)
                if method == .hifo {
                    coin.dearest.insert(lot, order: acquired)
                    acquired += 1
                } else {
                    coin.items = [lot]
                }
                coin.held = amount
            }
            coins[transaction.symbol] = coin
        }
        if let fee = coinFee {
            let taken = try take(fee.currency, fee.amount.number, for: transaction)
            var disposal = Disposal(
                kind: .fee, symbol: fee.currency, date: transaction.date, transactionID: id, currency: taken.currency,
                numbers: .init(amount: fee.amount.number, proceeds: .zero, fee: .zero, cost: nil))
            settle(&disposal, taken)
            disposals.append(disposal)
        }
    }

    /// A fee paid in money with nothing to add it to: a loss of its own (amount 0, cost 0).
    mutating func moneyLoss(_ fee: LedgerTransaction.Money, _ transaction: LedgerTransaction) {
        disposals.append(
            Disposal(
                kind: .fee, symbol: transaction.symbol, date: transaction.date, transactionID: transaction.shortID, currency: fee.currency,
                numbers: .init(amount: .zero, proceeds: .zero, fee: fee.amount.number, cost: .zero)))
    }

    /// Fills in a disposal's cost from what `take` returned, when it is in the proceeds' currency.
    func settle(_ disposal: inout Disposal, _ taken: Taken) {
        if let cost = taken.cost, taken.currency == disposal.currency || (taken.currency == nil && cost.isZero) {
            disposal.numbers.cost = cost
        } else if let currency = taken.currency, currency != disposal.currency {
            disposal.costCurrencyMismatch = currency
        }
    }

    mutating func note(_ symbol: String) {
        if coins[symbol] == nil {
            order.append(symbol)
            coins[symbol] = CoinLots()
        }
    }

    /// Adds a lot where the method takes it from; under `average` it joins the coin's pool in the
    /// same currency.
    mutating func acquire(_ lot: Lot) {
        note(lot.symbol)
        guard var coin = coins[lot.symbol] else { return }
        coins[lot.symbol] = nil  // Uniquely referenced while changed: no copy of the array.
        coin.held += lot.quantity
        switch method {
        case .fifo, .lifo:
            coin.items.append(lot)
        case .hifo:
            coin.dearest.insert(lot, order: acquired)
            acquired += 1
        case .average:
            if let index = coin.items.indices.first(where: {
                coin.items[$0].currency == lot.currency && (coin.items[$0].costNumber == nil) == (lot.costNumber == nil)
            }) {
                coin.items[index].quantity += lot.quantity
                if let cost = lot.costNumber { coin.items[index].costNumber? += cost }
            } else {
                coin.items.append(lot)
            }
        }
        coins[lot.symbol] = coin
    }

    /// What a disposal took: its cost when every lot taken had one in a single currency.
    struct Taken {
        var cost: LedgerNumber?
        var currency: String?
    }

    /// Takes `amount` of `symbol` from its lots in the method's order.
    mutating func take(_ symbol: String, _ amount: LedgerNumber, for transaction: LedgerTransaction) throws(LedgerRefusal) -> Taken {
        var coin = coins[symbol] ?? CoinLots()
        guard amount <= coin.held else {
            throw LedgerRefusal(transaction: transaction, symbol: symbol, wanted: amount.asDecimal, held: coin.held.asDecimal)
        }
        coins[symbol] = nil
        defer { coins[symbol] = coin }
        var remaining = amount
        var cost: LedgerNumber? = .zero
        var currencies: Set<String> = []
        var unknown = false
        func record(_ part: LedgerNumber, _ share: LedgerNumber?, _ currency: String?) {
            if let currency { currencies.insert(currency) }
            if let share, let sum = cost { cost = sum + share } else { unknown = true }
            remaining -= part
        }
        func takeFrom(_ index: Int) {
            let part = min(remaining, coin.items[index].quantity)
            let currency = coin.items[index].currency
            record(part, coin.items[index].take(part), currency)
        }
        switch method {
        case .fifo:
            var index = coin.head
            while remaining > LedgerNumber.zero, index < coin.items.count {
                takeFrom(index)
                if coin.items[index].quantity.isZero { index += 1 }
            }
            coin.head = index
            if coin.head > 64, coin.head * 2 > coin.items.count {
                coin.items.removeFirst(coin.head)
                coin.head = 0
            }
        case .hifo:
            while remaining > LedgerNumber.zero, !coin.dearest.isEmpty {
                let taken = coin.dearest.takeFromTop(remaining)
                record(taken.taken, taken.share, taken.currency)
            }
        case .lifo:
            while remaining > LedgerNumber.zero, let last = coin.items.indices.last, last >= coin.head {
                takeFrom(last)
                if coin.items[last].quantity.isZero { coin.items.removeLast() }
            }
        case .average:
            // The pool in the sale's currency first, then the others as they were opened.
            let currency = transaction.price?.currency
            let order =
                coin.items.indices.filter { coin.items[$0].currency == currency } + coin.items.indices.filter { coin.items[$0].currency != currency }
            for index in order where remaining > LedgerNumber.zero { takeFrom(index) }
            coin.items.removeAll { $0.quantity.isZero }
        }
        coin.held -= amount
        if unknown || currencies.count > 1 { return Taken(cost: nil, currency: currencies.count == 1 ? currencies.first : nil) }
        return Taken(cost: cost, currency: currencies.first)
    }
}
