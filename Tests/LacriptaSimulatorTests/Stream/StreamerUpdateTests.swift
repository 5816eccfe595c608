import Foundation
import LacriptaSimulator
import Testing

@Suite("Streamer partial updates")
struct StreamerUpdateTests {
    /// FLAGS as an integer whether it came as a number or a numeric string.
    private func flags(_ message: JSONValue) -> Int? {
        switch message["FLAGS"] {
        case .number(let text)?: Int(text)
        case .string(let text)?: Int(text)
        default: nil
        }
    }

    /// Subscribes BTC and ETH in USD, steers `count` updates and returns snapshots and updates.
    private func collect(seed: UInt64, count: Int) async throws -> (snapshots: [JSONValue], updates: [String]) {
        try await withStreamer(steeredOptions(seed: seed)) { streamer in
            let probe = try await StreamProbe.connect(streamer.url)
            _ = try await probe.nextJSON()
            try await probe.subscribe(["5~CCCAGG~BTC~USD", "5~CCCAGG~ETH~USD"])
            let snapshots = try await probe.messages(through: "3").filter { $0["TYPE"] == .string("5") }
            streamer.publishUpdates(count)
            var updates: [String] = []
            for _ in 0..<count { updates.append(try await probe.nextText()) }
            await probe.close()
            return (snapshots, updates)
        }
    }

    @Test("Updates carry only changed fields, FLAGS follows the price, and an unchanged price sends no PRICE")
    func partialUpdates() async throws {
        let (snapshots, updates) = try await collect(seed: 42, count: 120)
        var prices: [String: Double] = [:]
        var highs: [String: Double] = [:]
        for snapshot in snapshots {
            let symbol = try #require(snapshot["FROMSYMBOL"]?.stringValue)
            prices[symbol] = snapshot["PRICE"]?.doubleValue
            highs[symbol] = snapshot["HIGHDAY"]?.doubleValue
        }
        let fullCount = try #require(snapshots.first?.objectMembers?.count)
        var unchanged = 0
        var flagsAsText = 0
        for text in updates {
            let update = try JSONParser.parse(text)
            let symbol = try #require(update["FROMSYMBOL"]?.stringValue)
            let keys = update.objectMembers?.map(\.key) ?? []
            #expect(Array(keys.prefix(5)) == ["TYPE", "MARKET", "FROMSYMBOL", "TOSYMBOL", "FLAGS"])
            #expect(keys.count < fullCount)
            #expect(update["LASTUPDATE"] != nil && update["LASTVOLUME"] != nil && update["VOLUMEDAY"] != nil)
            #expect(update["OPENDAY"] == nil && update["CURRENTSUPPLY"] == nil)
            if case .string? = update["FLAGS"] { flagsAsText += 1 }
            let flag = try #require(flags(update))
            let previous = try #require(prices[symbol])
            if flag & 4 != 0 {
                unchanged += 1
                #expect(update["PRICE"] == nil && update["MEDIAN"] == nil && update["CURRENTSUPPLYMKTCAP"] == nil)
                continue
            }
            let price = try #require(update["PRICE"]?.doubleValue)
            #expect(flag & 1 != 0 ? price > previous : price < previous)
            #expect(update["MEDIAN"]?.doubleValue == price)
            if let high = update["HIGHDAY"]?.doubleValue {
                #expect(high == price && high > (highs[symbol] ?? 0))
                highs[symbol] = high
            }
            #expect(price <= (highs[symbol] ?? 0))
            prices[symbol] = price
        }
        #expect(unchanged > 0)
        #expect(flagsAsText > 0)
        #expect(Set(updates.compactMap { try? JSONParser.parse($0)["FROMSYMBOL"]?.stringValue }) == ["BTC", "ETH"])
    }

    @Test("The same seed gives the same welcome, snapshots and updates; another seed does not")
    func determinism() async throws {
        let first = try await collect(seed: 7, count: 40)
        let second = try await collect(seed: 7, count: 40)
        let other = try await collect(seed: 8, count: 40)
        #expect(first.snapshots == second.snapshots)
        #expect(first.updates == second.updates)
        #expect(first.updates != other.updates)
    }

    @Test("With a rate set, updates arrive on their own and count in messagesSent")
    func timedUpdates() async throws {
        var options = steeredOptions()
        options.ticksPerSecond = 50
        try await withStreamer(options) { streamer in
            let probe = try await StreamProbe.connect(streamer.url)
            _ = try await probe.nextJSON()
            try await probe.subscribe(["5~CCCAGG~DOGE~USD"])
            _ = try await probe.messages(through: "3")
            for _ in 0..<3 {
                let update = try await probe.nextJSON()
                #expect(update["TYPE"] == .string("5") && update["FROMSYMBOL"] == .string("DOGE"))
            }
            #expect(streamer.messagesSent >= 7)
            await probe.close()
        }
    }
}
