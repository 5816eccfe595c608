/// An in-process micro-benchmark of the streamer hot path (parse + merge), for `make bench`.
///
/// It parses and merges a pre-built buffer of recorded TYPE 5 partial updates, so the figure measures
/// the scanner and the board only: no sockets, no event stream, no allocation for the input.
public enum StreamerBenchmark {
    /// The outcome of one run.
    public struct Result: Sendable, Equatable {
        /// Messages parsed and merged.
        public var messages: Int
        /// Wall time of the measured loop.
        public var duration: Duration
        /// Messages that failed to parse (should be 0).
        public var malformed: Int

        /// Throughput in messages per second.
        public var messagesPerSecond: Double {
            let (seconds, attoseconds) = duration.components
            let total = Double(seconds) + Double(attoseconds) / 1e18
            return total > 0 ? Double(messages) / total : 0
        }
    }

    /// Recorded partial updates (BTC and ETH, with and without PRICE) from
    /// `Resources/recorded/stream-session-btc-eth.jsonl`, lines 7 onwards.
    public static let recordedUpdates: [String] = [
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":2,"MEDIAN":118644.0060601713,"LASTTRADEID":"852791208","PRICE":118644.0060601713,"LASTUPDATE":1753184201,"LASTVOLUME":0.01302371,"LASTVOLUMETO":1545.0998556972,"VOLUMEHOUR":1654.73164359,"VOLUMEHOURTO":196071564.63059,"VOLUMEDAY":9818.15536045,"VOLUMEDAYTO":1158357387.489212,"VOLUME24HOUR":27651.38640366,"VOLUME24HOURTO":3271648398.992905,"CURRENTSUPPLYMKTCAP":2360785076649.628,"CIRCULATINGSUPPLYMKTCAP":2360785076649.628,"MAXSUPPLYMKTCAP":2491524124522.921}"#,
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"USD","FLAGS":2,"MEDIAN":3744.9080158242,"LASTTRADEID":"660125545","PRICE":3744.9080158242,"LASTUPDATE":1753184202,"LASTVOLUME":0.66607781,"LASTVOLUMETO":2494.4639996036,"VOLUMEHOUR":21050.93919864,"VOLUMEHOURTO":78889430.467169,"VOLUMEDAY":212403.15984482,"VOLUMEDAYTO":790262041.146789,"VOLUME24HOUR":521813.47432821,"VOLUME24HOURTO":1952503414.808331,"CURRENTSUPPLYMKTCAP":452053781697.1223,"CIRCULATINGSUPPLYMKTCAP":452053781697.1223}"#,
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":1,"MEDIAN":118648.6054390482,"LASTTRADEID":"852791234","PRICE":118648.6054390482,"LASTUPDATE":1753184206,"LASTVOLUME":0.03098944,"LASTVOLUMETO":3676.9844033718,"VOLUMEHOUR":1655.52879354,"VOLUMEHOURTO":196166145.491057,"VOLUMEDAY":9818.9525104,"VOLUMEDAYTO":1158451968.349679,"VOLUME24HOUR":27652.18355361,"VOLUME24HOURTO":3271742979.853372,"CURRENTSUPPLYMKTCAP":2360876595348.086,"CIRCULATINGSUPPLYMKTCAP":2360876595348.086,"MAXSUPPLYMKTCAP":2491620711479.2295}"#,
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"USD","FLAGS":4,"LASTTRADEID":"437813002","LASTUPDATE":1753184209,"LASTVOLUME":2.39498257,"LASTVOLUMETO":8969.3998805112,"VOLUMEHOUR":21064.94952498,"VOLUMEHOURTO":78941898.261051,"VOLUMEDAY":212417.17017116,"VOLUMEDAYTO":790314508.940671,"VOLUME24HOUR":521827.48465455,"VOLUME24HOURTO":1952555882.602212,"LASTMARKET":"Bitstamp"}"#,
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":4,"LASTTRADEID":"852791269","LASTUPDATE":1753184212,"LASTVOLUME":0.02403531,"LASTVOLUMETO":2851.6530149833,"VOLUMEHOUR":1657.33288667,"VOLUMEHOURTO":196380198.522311,"VOLUMEDAY":9820.75660353,"VOLUMEDAYTO":1158666021.380934,"VOLUME24HOUR":27653.98764674,"VOLUME24HOURTO":3271957032.884626}"#,
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"USD","FLAGS":2,"MEDIAN":3744.8598927331,"LASTTRADEID":"660125558","PRICE":3744.8598927331,"LASTUPDATE":1753184215,"LASTVOLUME":2.96667352,"LASTVOLUMETO":11110.468395573,"VOLUMEHOUR":21074.10139314,"VOLUMEHOURTO":78976171.416776,"VOLUMEDAY":212426.32203932,"VOLUMEDAYTO":790348782.096396,"VOLUME24HOUR":521836.63652271,"VOLUME24HOURTO":1952590155.757937,"LASTMARKET":"Coinbase","CURRENTSUPPLYMKTCAP":452047972682.5279,"CIRCULATINGSUPPLYMKTCAP":452047972682.5279}"#,
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":2,"MEDIAN":118636.1412055888,"LASTTRADEID":"852791280","PRICE":118636.1412055888,"LASTUPDATE":1753184219,"LASTVOLUME":0.02891125,"LASTVOLUMETO":3430.0707459023,"VOLUMEHOUR":1658.13658559,"VOLUMEHOURTO":196475546.411876,"VOLUMEDAY":9821.56030245,"VOLUMEDAYTO":1158761369.270499,"VOLUME24HOUR":27654.79134566,"VOLUME24HOURTO":3272052380.774191,"CURRENTSUPPLYMKTCAP":2360628581332.7134,"CIRCULATINGSUPPLYMKTCAP":2360628581332.7134,"MAXSUPPLYMKTCAP":2491358962576.87}"#,
        #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"ETH","TOSYMBOL":"USD","FLAGS":1,"MEDIAN":3745.4972227934,"LASTTRADEID":"660125572","PRICE":3745.4972227934,"LASTUPDATE":1753184221,"LASTVOLUME":1.28938808,"LASTVOLUMETO":4829.6918009185,"VOLUMEHOUR":21087.77023598,"VOLUMEHOURTO":79027368.321982,"VOLUMEDAY":212439.99088216,"VOLUMEDAYTO":790399979.001602,"VOLUME24HOUR":521850.30536555,"VOLUME24HOURTO":1952641352.663143,"CURRENTSUPPLYMKTCAP":452124905804.1775,"CIRCULATINGSUPPLYMKTCAP":452124905804.1775}"#,
    ]

    /// Parses and merges `messages` updates cycled from `lines`, returning the throughput.
    ///
    /// All frames are laid out in one contiguous buffer before the clock starts. `fields` is what
    /// the parser reads and `pairs` the pairs it expects (see `StreamerParser.init(fields:expecting:)`). With a `sink`, every merged change is
    /// handed to it as the feed would, with `endOfBatch` after every 128 messages (about one
    /// socket read's worth): that measures the whole per-message work of `lacripta live --json`
    /// but the socket.
    public static func run(
        messages: Int, lines: [String] = recordedUpdates, fields: PriceFieldSet = .all, expecting pairs: [PairKey] = [],
        sink: (any PriceUpdateSink)? = nil, clock: ContinuousClock = ContinuousClock()
    ) -> Result {
        guard messages > 0, !lines.isEmpty else { return Result(messages: 0, duration: .zero, malformed: 0) }
        let encoded = lines.map { Array($0.utf8) }
        var buffer: [UInt8] = []
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(messages)
        for index in 0..<messages {
            let line = encoded[index % encoded.count]
            ranges.append(buffer.count..<(buffer.count + line.count))
            buffer.append(contentsOf: line)
        }
        let parser = StreamerParser(fields: fields, expecting: pairs)
        // The feed's board keeps only its subscribed pairs; measure that board when there are some.
        var board = pairs.isEmpty ? PriceBoard() : PriceBoard(keeping: pairs)
        var record = ScanRecord()
        var malformed = 0
        var checksum = 0.0
        let start = clock.now
        // The feed's own per-message steps (`PriceFeed.handle`): parse into one reused record,
        // merge from it, read the state in place.
        buffer.withUnsafeBytes { bytes in
            for (index, range) in ranges.enumerated() {
                let frame = UnsafeRawBufferPointer(rebasing: bytes[range])
                switch parser.parse(frame, into: &record) {
                case .priceUpdate:
                    if let sink {
                        _ = board.merge(scanned: record, receivedAt: .zero) { sink.receive($0, $1) }
                        if index & 127 == 127 { sink.endOfBatch() }
                    } else {
                        checksum += board.merge(scanned: record, receivedAt: .zero) { state, _ in state.price ?? 0 } ?? 0
                    }
                case .message:
                    malformed += 1
                }
            }
        }
        sink?.endOfBatch()
        let duration = start.duration(to: clock.now)
        // Keeps the optimizer from discarding the loop; the value itself is meaningless.
        if checksum.isNaN { malformed += 1 }
        return Result(messages: messages, duration: duration, malformed: malformed)
    }
}
