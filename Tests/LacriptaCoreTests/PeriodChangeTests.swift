import LacriptaCore
import Testing

@Suite("Change since a period's open, from the streamer's open figures")
struct PeriodChangeTests {
    private static let btc = PairKey(market: "CCCAGG", from: "BTC", to: "USD")

    /// The merged state after one message carrying `figures`.
    private func snapshot(_ figures: [PriceField: Double]) throws -> PriceSnapshot {
        var fields = PriceFields()
        for (field, value) in figures { fields[field] = value }
        var board = PriceBoard()
        let change = board.merge(PriceUpdate(pair: Self.btc, flags: [], fields: fields))
        return try #require(change).snapshot
    }

    @Test("each period reads its own open: 24h OPEN24HOUR, day OPENDAY, hour OPENHOUR")
    func eachPeriodItsOpen() throws {
        let state = try snapshot([.price: 110, .open24Hour: 100, .openDay: 88, .openHour: 120])
        #expect(state.change(over: .rolling24h) == PeriodChange(price: 110, open: 100))
        #expect(state.change(over: .rolling24h)?.amount == 10)
        #expect(state.change(over: .rolling24h)?.percent == 10)
        #expect(state.change(over: .day)?.amount == 22)
        #expect(state.change(over: .day)?.percent == 22.0 / 88 * 100)
        #expect(state.change(over: .hour)?.amount == -10)
        #expect(state.change(over: .hour)?.percent == -10.0 / 120 * 100)
    }

    @Test("a missing open gives no change for that period only; a missing price gives none at all")
    func missingOpens() throws {
        let onlyDay = try snapshot([.price: 110, .openDay: 100])
        #expect(onlyDay.change(over: .day)?.amount == 10)
        #expect(onlyDay.change(over: .rolling24h) == nil)
        #expect(onlyDay.change(over: .hour) == nil)
        let noPrice = try snapshot([.open24Hour: 100, .openDay: 100, .openHour: 100])
        #expect(ChangePeriod.allCases.allSatisfy { noPrice.change(over: $0) == nil })
    }

    @Test("a zero open, a non-finite figure or an overflowing difference is no figure, not infinity")
    func unusableOpens() {
        #expect(PeriodChange(price: 5, open: 0) == nil)
        #expect(PeriodChange(price: .nan, open: 1) == nil)
        #expect(PeriodChange(price: 1, open: .infinity) == nil)
        #expect(PeriodChange(price: 1.7e308, open: -1.7e308) == nil)
        #expect(PeriodChange(price: 99, open: 100) == PeriodChange(price: 99, open: 100))
        #expect(PeriodChange(price: 99, open: 100)?.percent == -1)
    }

    @Test("the periods map to the streamer's wire names")
    func wireNames() {
        #expect(ChangePeriod.allCases.map(\.openField.wireName) == ["OPEN24HOUR", "OPENDAY", "OPENHOUR"])
    }
}
