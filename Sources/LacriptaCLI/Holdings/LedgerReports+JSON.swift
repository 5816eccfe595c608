import Foundation
import LacriptaCore
import LacriptaTerminal

/// `holdings --lots --json` and `holdings --realized --json` (docs/json.md): every amount and sum
/// as an exact decimal string, as `holdings tx --json` gives them; every key always present.
extension LedgerReports {
    /// `{"method", "lots": [{"symbol", "acquired", "amount", "unitCost", "cost", "currency", "origin"}]}`,
    /// coin by coin, oldest lot first; `acquired` is null for an opening lot of the holdings file.
    static func lotsJSON(_ book: LedgerBook) throws -> String {
        let lots = book.symbols.flatMap { symbol in
            (book.lots[symbol] ?? []).map { lot in
                LotItem(
                    symbol: symbol, acquired: lot.acquired?.text, amount: lot.amount.plainText, unitCost: lot.unitCost?.plainText,
                    cost: lot.cost?.plainText, currency: lot.currency, origin: lot.origin)
            }
        }
        return try JSONOutput.encode(LotsBody(method: book.method.rawValue, lots: lots))
    }

    /// `{"method", "year", "disposals": [{"date", "symbol", "kind", "amount", "proceeds", "fee",
    /// "cost", "gain", "currency", "costCurrency", "transaction"}], "totals": [{"currency", "gain"}]}`:
    /// `cost` and `gain` are null without a usable cost (`costCurrency` then names the lots'
    /// currency when that was the reason); one total per currency of the proceeds.
    static func realizedJSON(_ book: LedgerBook, year: Int?) throws -> String {
        var totals: [String: Decimal] = [:]
        let disposals = book.disposals(of: nil, year: year).map { disposal in
            if let gain = disposal.gain, let currency = disposal.currency { totals[currency, default: 0] += gain }
            return DisposalItem(
                date: disposal.date.text, symbol: disposal.symbol, kind: disposal.kind.rawValue, amount: disposal.amount.plainText,
                proceeds: disposal.proceeds.plainText, fee: disposal.fee.plainText, cost: disposal.cost?.plainText,
                gain: disposal.gain?.plainText, currency: disposal.currency, costCurrency: disposal.costCurrencyMismatch,
                transaction: disposal.transactionID)
        }
        let sums = totals.sorted { $0.key < $1.key }.map { Total(currency: $0.key, gain: $0.value.plainText) }
        return try JSONOutput.encode(RealizedBody(method: book.method.rawValue, year: year, disposals: disposals, totals: sums))
    }

    private struct LotItem: Encodable {
        let symbol: String
        let acquired: String?
        let amount: String
        let unitCost: String?
        let cost: String?
        let currency: String?
        let origin: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(symbol, forKey: .symbol)
            try container.encode(acquired, forKey: .acquired)
            try container.encode(amount, forKey: .amount)
            try container.encode(unitCost, forKey: .unitCost)
            try container.encode(cost, forKey: .cost)
            try container.encode(currency, forKey: .currency)
            try container.encode(origin, forKey: .origin)
        }

        enum CodingKeys: String, CodingKey { case symbol, acquired, amount, unitCost, cost, currency, origin }
    }

    private struct LotsBody: Encodable {
        let method: String
        let lots: [LotItem]
    }

    private struct DisposalItem: Encodable {
        let date: String
        let symbol: String
        let kind: String
        let amount: String
        let proceeds: String
        let fee: String
        let cost: String?
        let gain: String?
        let currency: String?
        let costCurrency: String?
        let transaction: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(date, forKey: .date)
            try container.encode(symbol, forKey: .symbol)
            try container.encode(kind, forKey: .kind)
            try container.encode(amount, forKey: .amount)
            try container.encode(proceeds, forKey: .proceeds)
            try container.encode(fee, forKey: .fee)
            try container.encode(cost, forKey: .cost)
            try container.encode(gain, forKey: .gain)
            try container.encode(currency, forKey: .currency)
            try container.encode(costCurrency, forKey: .costCurrency)
            try container.encode(transaction, forKey: .transaction)
        }

        enum CodingKeys: String, CodingKey { case date, symbol, kind, amount, proceeds, fee, cost, gain, currency, costCurrency, transaction }
    }

    private struct Total: Encodable {
        let currency: String
        let gain: String
    }

    private struct RealizedBody: Encodable {
        let method: String
        let year: Int?
        let disposals: [DisposalItem]
        let totals: [Total]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(method, forKey: .method)
            try container.encode(year, forKey: .year)
            try container.encode(disposals, forKey: .disposals)
            try container.encode(totals, forKey: .totals)
        }

        enum CodingKeys: String, CodingKey { case method, year, disposals, totals }
    }
}
