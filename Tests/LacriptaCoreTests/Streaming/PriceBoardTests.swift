import LacriptaCore
import Testing

@Suite("PriceBoard merge semantics")
struct PriceBoardTests {
    static let btc = PairKey(market: "CCCAGG", from: "BTC", to: "USD")

    /// Parses a TYPE 5 BTC-USD message with the given extra JSON members.
    private func update(_ members: String, pair: PairKey = PriceBoardTests.btc) throws -> PriceUpdate {
        let text =
            #"{"TYPE":"5","MARKET":""# + pair.market + #"","FROMSYMBOL":""# + pair.from + #"","TOSYMBOL":""# + pair.to
            + #"""# + (members.isEmpty ? "" : "," + members) + "}"
        return try parsedUpdate(text)
    }

    @Test("an update without PRICE keeps the old price and reports it unchanged")
    func absentPriceKeepsOld() throws {
        var board = PriceBoard()
        let first = try board.mergeKept(try update(#""FLAGS":1,"PRICE":100,"OPENDAY":90,"HIGHDAY":110,"LOWDAY":80,"VOLUMEDAY":5"#))
        #expect(first.isFirst)
        #expect(first.direction == .up)
        let second = try board.mergeKept(try update(#""FLAGS":4,"VOLUMEDAY":6,"LASTTRADEID":"7""#), receivedAt: .seconds(3))
        #expect(!second.isFirst)
        #expect(second.direction == .unchanged)
        #expect(second.snapshot.price == 100)
        #expect(second.snapshot.fields.volumeDay == 6)
        #expect(second.snapshot.fields.openDay == 90)
        #expect(second.snapshot.fields.highDay == 110)
        #expect(second.snapshot.fields.lowDay == 80)
        #expect(second.snapshot.receivedAt == .seconds(3))
        #expect(second.snapshot.messageCount == 2)
        #expect(second.changed == PriceFieldSet(.volumeDay).union([.lastTradeID, .flags]))
        #expect(board[Self.btc] == second.snapshot)
    }

    @Test("a new day high or low replaces the kept one")
    func highAndLowOfTheDay() throws {
        var board = PriceBoard()
        board.merge(try update(#""FLAGS":1,"PRICE":100,"HIGHDAY":110,"LOWDAY":80"#))
        let change = try board.mergeKept(try update(#""FLAGS":1,"PRICE":111,"HIGHDAY":111"#))
        #expect(change.snapshot.fields.highDay == 111)
        #expect(change.snapshot.fields.lowDay == 80)
        #expect(change.changed.contains(.highDay))
        #expect(!change.changed.contains(.lowDay))
    }

    @Test("a field resent with the same value is not reported as changed")
    func sameValueNotChanged() throws {
        var board = PriceBoard()
        board.merge(try update(#""FLAGS":2,"PRICE":100,"MEDIAN":100"#))
        let change = try board.mergeKept(try update(#""FLAGS":2,"PRICE":100,"MEDIAN":99"#))
        #expect(change.changed == PriceFieldSet(.median))
    }

    @Test(
        "direction comes from the FLAGS bits, else from comparing prices",
        arguments: [
            (#""FLAGS":1,"PRICE":90"#, PriceDirection.up),  // the server's flags win
            (#""FLAGS":2,"PRICE":110"#, .down),
            (#""FLAGS":"2050","PRICE":99"#, .down),  // median unchanged + price down
            (#""FLAGS":2052"#, .unchanged),
            (#""PRICE":101"#, .up),  // no price bits: compare
            (#""PRICE":99"#, .down),
            (#""FLAGS":512"#, .unchanged),  // only the median moved
        ]
    )
    func direction(members: String, expected: PriceDirection) throws {
        var board = PriceBoard()
        board.merge(try update(#""FLAGS":4,"PRICE":100"#))
        #expect(try board.mergeKept(try update(members)).direction == expected)
    }

    @Test("updates merge into a state whether the snapshot came first or not")
    func orderIndependence() throws {
        var board = PriceBoard()
        // A partial update before any snapshot creates the state; the snapshot then fills it in.
        let early = try board.mergeKept(try update(#""FLAGS":1,"VOLUMEDAY":7"#))
        #expect(early.isFirst)
        #expect(early.snapshot.price == nil)
        let snapshot = try board.mergeKept(try update(#""FLAGS":1,"PRICE":100,"OPENDAY":90,"VOLUMEDAY":8"#))
        #expect(snapshot.snapshot.price == 100)
        #expect(snapshot.snapshot.fields.volumeDay == 8)
    }

    @Test("pairs are keyed by market as well as symbols")
    func keyedByMarket() throws {
        var board = PriceBoard()
        let coinbase = PairKey(market: "Coinbase", from: "BTC", to: "USD")
        board.merge(try update(#""FLAGS":1,"PRICE":100"#))
        board.merge(try update(#""FLAGS":1,"PRICE":101"#, pair: coinbase))
        #expect(board.count == 2)
        #expect(board[Self.btc]?.price == 100)
        #expect(board[coinbase]?.price == 101)
        #expect(board.snapshots.map(\.pair) == [Self.btc, coinbase])
        board.remove(coinbase)
        #expect(board[coinbase] == nil)
    }

    @Test("24-hour change is derived from PRICE and OPEN24HOUR")
    func change24Hour() throws {
        var board = PriceBoard()
        let change = try board.mergeKept(try update(#""FLAGS":1,"PRICE":110,"OPEN24HOUR":100"#))
        #expect(change.snapshot.change24Hour == 10)
    }

    @Test("many pairs: each keeps its own state, removal forgets one, equality ignores arrival order")
    func manyPairs() throws {
        let symbols = (0..<12).map { "C\($0)" }
        var board = PriceBoard()
        for (index, symbol) in symbols.enumerated() {
            board.merge(try update(#""FLAGS":1,"PRICE":\#(index + 1)"#, pair: PairKey(market: "CCCAGG", from: symbol, to: "USD")))
        }
        var reversed = PriceBoard()
        for (index, symbol) in symbols.enumerated().reversed() {
            reversed.merge(try update(#""FLAGS":1,"PRICE":\#(index + 1)"#, pair: PairKey(market: "CCCAGG", from: symbol, to: "USD")))
        }
        #expect(board == reversed)
        #expect(board.count == 12)
        let third = PairKey(market: "CCCAGG", from: "C2", to: "USD")
        let again = try board.mergeKept(try update(#""FLAGS":2,"PRICE":2.5"#, pair: third))
        #expect(!again.isFirst && again.snapshot.messageCount == 2 && again.direction == .down)
        #expect(board != reversed)
        board.remove(third)
        #expect(board.count == 11 && board[third] == nil)
        for (index, symbol) in symbols.enumerated() where symbol != "C2" {
            #expect(board[PairKey(market: "CCCAGG", from: symbol, to: "USD")]?.price == Double(index + 1))
        }
        #expect(board.snapshots.map(\.pair.from) == symbols.filter { $0 != "C2" }.sorted())
        let back = try board.mergeKept(try update(#""FLAGS":1,"PRICE":3"#, pair: third))
        #expect(back.isFirst)
    }

    @Test(
        "a board keeping some pairs stores nothing for the others, and forgets a pair it stops keeping",
        arguments: [2, 12])  // under and over the count where lookups switch from a scan to a hash
    func keepsOnlyItsPairs(keptCount: Int) throws {
        let kept = (0..<keptCount).map { PairKey(market: "CCCAGG", from: "K\($0)", to: "USD") }
        var board = PriceBoard(keeping: kept)
        for pair in kept { _ = try board.mergeKept(try update(#""FLAGS":1,"PRICE":1"#, pair: pair)) }
        for index in 0..<50 {
            let stray = PairKey(market: "CCCAGG", from: "S\(index)", to: "USD")
            #expect(board.merge(try update(#""FLAGS":1,"PRICE":2"#, pair: stray)) == nil)
            #expect(board[stray] == nil)
        }
        // The same symbol on another market, or in another currency, is another pair.
        #expect(board.merge(try update(#""PRICE":2"#, pair: PairKey(market: "Coinbase", from: "K0", to: "USD"))) == nil)
        #expect(board.merge(try update(#""PRICE":2"#, pair: PairKey(market: "CCCAGG", from: "K0", to: "EUR"))) == nil)
        #expect(board.count == keptCount)
        #expect(try board.mergeKept(try update(#""FLAGS":1,"PRICE":3"#, pair: kept[0])).snapshot.messageCount == 2)

        board.keep(only: kept.dropFirst())
        #expect(board.count == keptCount - 1 && board[kept[0]] == nil)
        #expect(board.merge(try update(#""PRICE":4"#, pair: kept[0])) == nil)
        #expect(board[kept[1]]?.price == 1, "the pairs still kept keep their state")
        #expect(try board.mergeKept(try update(#""FLAGS":1,"PRICE":5"#, pair: kept[keptCount - 1])).snapshot.price == 5)
    }
}

extension PriceBoard {
    /// `merge`, for a board that keeps every pair (`PriceBoard()`): the change, or a thrown error
    /// when the board dropped the update.
    fileprivate mutating func mergeKept(_ update: PriceUpdate, receivedAt: Duration = .zero) throws -> PriceChange {
        let change = merge(update, receivedAt: receivedAt)
        return try #require(change)
    }
}
