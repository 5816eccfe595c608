// swift-tools-version: 6.0
import PackageDescription

/// Settings every Swift target shares: the upcoming features the style guide asks for.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "lacripta",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "lacripta", targets: ["lacripta"]),
        .executable(name: "lacripta-sim", targets: ["lacripta-sim"]),
        // Only for FuzzTesting/, the separate libFuzzer package, which can reach this package's
        // code through a product alone; nothing shipped depends on it.
        .library(name: "LacriptaFuzzing", targets: ["LacriptaFuzzing"]),
    ],
    targets: [
        // The system OpenSSL (libssl-dev), used for wss:// on Linux only. The module map names the
        // libraries as well as pkg-config, because either alone fails on some machines.
        .systemLibrary(
            name: "COpenSSL",
            path: "Sources/COpenSSL",
            pkgConfig: "openssl",
            providers: [.apt(["libssl-dev"]), .yum(["openssl-devel"])]
        ),
        // The system SQLite (libsqlite3-dev), for the news archive on Linux; Apple platforms import
        // the SDK's SQLite3 instead.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .yum(["sqlite-devel"])]
        ),
        // A small safe layer over SQLite: literal SQL only, bound parameters, transactions, WAL,
        // a busy timeout, errors naming the file. Knows nothing about news.
        .target(
            name: "LacriptaSQLite",
            dependencies: [.target(name: "CSQLite", condition: .when(platforms: [.linux]))],
            swiftSettings: strictSettings
        ),
        // The network stack under every protocol: sockets, deadlines, TCP/TLS byte streams, and the
        // HTTP/1.1 client (request writer, response parser, exchange, transports), with one error
        // type, `NetError`. Knows nothing about WebSockets or crypto prices.
        .target(
            name: "LacriptaNet",
            dependencies: [.target(name: "COpenSSL", condition: .when(platforms: [.linux]))],
            swiftSettings: strictSettings
        ),
        // The server half only fakes need: listening sockets and server-side TLS. Never shipped;
        // the simulator and the tests use it.
        .target(
            name: "LacriptaNetServer",
            dependencies: ["LacriptaNet", .target(name: "COpenSSL", condition: .when(platforms: [.linux]))],
            swiftSettings: strictSettings
        ),
        // RFC 6455 client over LacriptaNet: frames, the handshake, the connection state machine and
        // the client. Knows nothing about crypto prices.
        .target(
            name: "LacriptaWebSocket",
            dependencies: ["LacriptaNet"],
            swiftSettings: strictSettings
        ),
        // Domain models, the CryptoCompare REST client (over LacriptaNet's HTTP), the streamer
        // protocol and feed, and the JSON wire reader and writer (Wire/). No terminal code, no
        // sockets of its own.
        .target(
            name: "LacriptaCore",
            dependencies: ["LacriptaNet", "LacriptaWebSocket", "LacriptaSQLite"],
            swiftSettings: strictSettings
        ),
        // Styling, layout and formatting for the terminal. No networking.
        .target(name: "LacriptaTerminal", swiftSettings: strictSettings),
        // The URLSession clients (HTTP transport, WebSocket client): what the product uses on Apple
        // platforms, where URLSession is the system's own stack. Built and tested on Linux too
        // (FoundationNetworking, libcurl) so a compile error cannot hide until someone builds on a
        // Mac, but linked into the product on Apple platforms only: the Linux binary never links
        // libcurl.
        .target(
            name: "LacriptaURLSession",
            dependencies: ["LacriptaNet", "LacriptaWebSocket"],
            swiftSettings: strictSettings
        ),
        // Argument parsing, help and the commands; ties Core and Terminal together.
        .target(
            name: "LacriptaCLI",
            dependencies: [
                "LacriptaCore", "LacriptaNet", "LacriptaTerminal", "LacriptaWebSocket",
                .target(name: "LacriptaURLSession", condition: .when(platforms: [.macOS, .iOS])),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "lacripta", dependencies: ["LacriptaCLI", "LacriptaCore"], swiftSettings: strictSettings),
        // The offline CryptoCompare simulator: REST and streamer on 127.0.0.1. Tests use the same servers.
        .target(
            name: "LacriptaSimulator",
            dependencies: ["LacriptaNet", "LacriptaNetServer", "LacriptaWebSocket"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "lacripta-sim",
            dependencies: ["LacriptaSimulator"],
            swiftSettings: strictSettings
        ),
        // Autobahn conformance driver for the WebSocket client (`make conformance`); not shipped.
        .executableTarget(
            name: "ws-conformance",
            dependencies: ["LacriptaWebSocket"],
            swiftSettings: strictSettings
        ),
        // In-process benchmarks and socket probes for `make bench` (scripts/bench); not shipped.
        .executableTarget(
            name: "lacripta-bench",
            dependencies: ["LacriptaCore", "LacriptaCLI", "LacriptaTerminal", "LacriptaWebSocket"],
            swiftSettings: strictSettings
        ),
        // The fuzz entries: every parser run on one input, with its properties checked. The
        // libFuzzer executables of FuzzTesting/ and the corpus replay test call the same entries;
        // `package` access reaches the internal parsers without making them public. Not shipped.
        .target(
            name: "LacriptaFuzzing",
            dependencies: ["LacriptaCLI", "LacriptaCore", "LacriptaNet", "LacriptaTerminal", "LacriptaWebSocket"],
            swiftSettings: strictSettings
        ),
        // Fakes and helpers shared by the test targets (clock, recording output, fixtures), without
        // the simulator, so a test target that needs none builds without it.
        .target(
            name: "LacriptaTestSupport",
            dependencies: ["LacriptaCore", "LacriptaTerminal", "LacriptaNet", "LacriptaWebSocket"],
            swiftSettings: strictSettings
        ),
        // The test helpers that need the simulator's servers (scripted HTTP server, test PKI).
        .target(
            name: "LacriptaSimulatorTestSupport",
            dependencies: ["LacriptaSimulator", "LacriptaNet", "LacriptaNetServer"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LacriptaNetTests",
            dependencies: ["LacriptaNet", "LacriptaNetServer", "LacriptaSimulator", "LacriptaTestSupport", "LacriptaSimulatorTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LacriptaWebSocketTests",
            dependencies: [
                "LacriptaWebSocket", "LacriptaNet", "LacriptaNetServer", "LacriptaSimulator", "LacriptaTestSupport", "LacriptaSimulatorTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        // The URLSession clients on this platform: against the simulator's servers here too.
        .testTarget(
            name: "LacriptaURLSessionTests",
            dependencies: ["LacriptaURLSession", "LacriptaNet", "LacriptaWebSocket", "LacriptaSimulator", "LacriptaSimulatorTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LacriptaCoreTests",
            dependencies: [
                "LacriptaCore", "LacriptaSQLite", "LacriptaNet", "LacriptaNetServer", "LacriptaWebSocket", "LacriptaSimulator", "LacriptaTestSupport",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LacriptaTerminalTests",
            dependencies: ["LacriptaTerminal", "LacriptaTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LacriptaCLITests",
            dependencies: [
                "LacriptaCLI", "LacriptaCore", "LacriptaNet", "LacriptaTerminal", "LacriptaSimulator", "LacriptaTestSupport",
                "LacriptaSimulatorTestSupport",
            ],
            exclude: ["Snapshots"],
            swiftSettings: strictSettings
        ),
        // Replays every stored fuzz corpus (FuzzTesting/Corpus/) through the fuzz entries, unsanitised.
        .testTarget(
            name: "LacriptaFuzzingTests",
            dependencies: ["LacriptaFuzzing"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LacriptaSimulatorTests",
            // LacriptaCore only to read the simulated exchange feeds with the client's own adapters.
            dependencies: ["LacriptaSimulator", "LacriptaNet", "LacriptaWebSocket", "LacriptaCore", "LacriptaTestSupport"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
