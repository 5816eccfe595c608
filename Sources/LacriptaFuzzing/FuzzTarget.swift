import LacriptaCore

/// Every parser lacripta runs on bytes it does not control, as one fuzz target each.
///
/// The same entry (`run`) serves the libFuzzer executables of `FuzzTesting/` (built with the
/// fuzzer and address sanitizers) and the corpus replay of the normal test suite (built plain), so
/// an input a fuzzer found is checked by `swift test` from then on. The raw value names the target's
/// executable (`fuzz-<raw value>`) and its corpus folder (`FuzzTesting/Corpus/<raw value>/`).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// RFC 6455 frames, message assembly and UTF-8 validation; frames must not depend on the split.
    case websocketFrames = "websocket-frames"
    /// The server's answer to the WebSocket upgrade request.
    case websocketHandshake = "websocket-handshake"
    /// The HTTP/1.1 response parser (chunked, lengths); the outcome must not depend on the split.
    case httpResponse = "http-response"
    /// The streamer's messages (one per line) merged into a price board, by both merge paths.
    case streamer = "streamer"
    /// The JSON cursor's numbers, which must equal `Double(String)` of the same text.
    case jsonNumber = "json-number"
    /// CryptoCompare bodies: toplist, news, categories, prices, history, coin list, error envelope.
    case restCryptoCompare = "rest-cryptocompare"
    /// CoinGecko bodies: markets, coin, market chart, search, coin list, error bodies.
    case restCoinGecko = "rest-coingecko"
    /// Candle bodies: Kraken OHLC, Coinbase candles, CoinGecko ohlc, CryptoCompare histo bars.
    case restCandles = "rest-candles"
    /// The RSS/Atom reader.
    case feedReader = "feed-reader"
    /// HTML to plain text (article summaries).
    case htmlText = "html-text"
    /// Coinbase's feed messages (one per line).
    case exchangeCoinbase = "exchange-coinbase"
    /// Kraken's feed messages (one per line).
    case exchangeKraken = "exchange-kraken"
    /// Bitstamp's feed messages (one per line).
    case exchangeBitstamp = "exchange-bitstamp"
    /// Bitfinex's feed messages (one per line).
    case exchangeBitfinex = "exchange-bitfinex"
    /// Binance's (and Binance.US's) feed messages (one per line).
    case exchangeBinance = "exchange-binance"
    /// OKX's feed messages (one per line).
    case exchangeOKX = "exchange-okx"
    /// Gemini's feed messages (one per line).
    case exchangeGemini = "exchange-gemini"
    /// CEX.IO's feed messages (one per line): books, increments, gaps, tickers.
    case exchangeCEX = "exchange-cex"
    /// The terminal's key bytes; keys must not depend on how reads split them.
    case keyParser = "key-parser"
    /// The config file; a `key.*` value that reads is written back and reads the same.
    case configFile = "config-file"
    /// The store's files (favourites, holdings, alerts); parse → write → parse is the identity.
    case storeFiles = "store-files"
    /// The journal (one transaction a line); parse → write → parse is the identity, and the
    /// cost-basis pass over what it read never traps.
    case journal = "journal"
    /// The CSV reader (records must not depend on the split) and every exchange import over it.
    case csvImport = "csv-import"
    /// The command line (arguments separated by NUL bytes) as each command reads it, and the
    /// full-screen view's alert prompt.
    case arguments = "arguments"
    /// `convert`'s expression grammar (words separated by NUL bytes); the canonical text of an
    /// accepted expression parses back to it.
    case convertExpression = "convert-expression"
    /// The sanitiser; its output never holds ESC, C0/C1 controls or bidi overrides.
    case sanitizer = "sanitizer"
    /// OPML subscription lists (`feeds import`) and the feed list file; what is read writes and
    /// reads back the same.
    case opml = "opml"

    /// Runs one input through the target's parser and checks its properties. A parser that traps
    /// crashes the caller (that is the finding); a broken property throws.
    public func run(_ input: [UInt8]) throws(FuzzFailure) {
        switch self {
        case .websocketFrames: try WebSocketFuzz.frames(input)
        case .websocketHandshake: WebSocketFuzz.handshake(input)
        case .httpResponse: try HTTPFuzz.response(input)
        case .streamer: try StreamerFuzz.messages(input)
        case .jsonNumber: try StreamerFuzz.number(input)
        case .restCryptoCompare: RESTFuzz.cryptoCompare(input)
        case .restCoinGecko: RESTFuzz.coinGecko(input)
        case .restCandles: try CandleFuzz.bodies(input)
        case .feedReader: try FeedFuzz.feed(input)
        case .htmlText: try FeedFuzz.html(input)
        case .exchangeCoinbase: ExchangeFuzz.run(CoinbaseAdapter.self, input)
        case .exchangeKraken: ExchangeFuzz.run(KrakenAdapter.self, input)
        case .exchangeBitstamp: ExchangeFuzz.run(BitstampAdapter.self, input)
        case .exchangeBitfinex: ExchangeFuzz.run(BitfinexAdapter.self, input)
        case .exchangeBinance: ExchangeFuzz.run(BinanceAdapter.self, input)
        case .exchangeOKX: ExchangeFuzz.run(OKXAdapter.self, input)
        case .exchangeGemini: ExchangeFuzz.run(GeminiAdapter.self, input)
        case .exchangeCEX: ExchangeFuzz.run(CEXAdapter.self, input)
        case .keyParser: try TerminalFuzz.keys(input)
        case .configFile: try UserFilesFuzz.config(input)
        case .storeFiles: try UserFilesFuzz.store(input)
        case .journal: try LedgerFuzz.journal(input)
        case .csvImport: try LedgerFuzz.csv(input)
        case .arguments: ArgumentsFuzz.commandLine(input)
        case .sanitizer: try TerminalFuzz.sanitizer(input)
        case .opml: try OPMLFuzz.run(input)
        case .convertExpression: try ConvertFuzz.expression(input)
        }
    }

    /// libFuzzer's `LLVMFuzzerTestOneInput`: runs the input and stops the process on a broken
    /// property, so libFuzzer saves the input as a crash.
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        do {
            try run(input)
        } catch {
            fatalError("\(rawValue): \(error)")
        }
        return 0
    }
}
