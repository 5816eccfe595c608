// swift-tools-version: 6.0
import PackageDescription

// The libFuzzer targets, one executable per parser, in a package of their own so that the
// sanitizer build (`swift build --sanitize=fuzzer --sanitize=address`, run by `make fuzz`) never
// touches the product's build. Each executable is a few lines calling `FuzzTarget.<case>` of the
// main package's `LacriptaFuzzing` library, the entries the corpus replay test runs as well.

/// The fuzz targets; each name is a `FuzzTarget` raw value and a folder of `Corpus/`.
let targets = [
    "websocket-frames", "websocket-handshake", "http-response", "streamer", "json-number",
    "rest-cryptocompare", "rest-coingecko", "rest-candles", "feed-reader", "html-text",
    "exchange-coinbase", "exchange-kraken", "exchange-bitstamp", "exchange-bitfinex", "exchange-binance", "exchange-okx", "exchange-gemini",
    "exchange-cex",
    "key-parser", "config-file", "store-files", "arguments", "sanitizer", "opml", "convert-expression", "journal", "csv-import",
]

/// SwiftPM names a path dependency after its folder, which is whatever the checkout is called.
let mainPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "lacripta"

let package = Package(
    name: "LacriptaFuzzTesting",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: targets.map { name in
        .executableTarget(
            name: "fuzz-\(name)",
            dependencies: [.product(name: "LacriptaFuzzing", package: mainPackage)],
            path: "Sources/\(name)"
        )
    },
    swiftLanguageModes: [.v6]
)
