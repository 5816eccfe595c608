import Foundation

/// Everything lacripta needs to know about where to connect and with which key, resolved from the
/// environment first and the config file second.
public struct Configuration: Sendable {
    /// The API key, if any. Never printed.
    public var apiKey: APIKey?
    /// Base URL of the REST API (default `https://min-api.cryptocompare.com`).
    public var apiBaseURL: URL
    /// URL of the streamer WebSocket (default `wss://streamer.cryptocompare.com/v2`).
    public var streamURL: URL
    /// An extra PEM CA bundle to trust, if configured.
    public var caFile: String?
    /// The default quote currency (`currency` in the config file; USD otherwise).
    public var defaultCurrency: String
    /// Currencies the interactive view cycles through.
    public var currencies: [String]
    /// Where cached responses live.
    public var cacheDirectory: URL
    /// The config file that was (or would have been) read.
    public var configFilePath: String
    /// How long one REST request may take.
    public var requestTimeout: TimeInterval

    /// The production REST base URL. The only place it is spelled out.
    public static let defaultAPIURL = "https://min-api.cryptocompare.com"
    /// The production streamer URL. The only place it is spelled out.
    public static let defaultStreamURL = "wss://streamer.cryptocompare.com/v2"

    /// Creates a configuration directly (tests, embedding).
    public init(
        apiKey: APIKey? = nil,
        apiBaseURL: URL,
        streamURL: URL,
        caFile: String? = nil,
        defaultCurrency: String = "USD",
        currencies: [String] = ["USD", "EUR"],
        cacheDirectory: URL,
        configFilePath: String = "",
        requestTimeout: TimeInterval = 15
    ) {
        self.apiKey = apiKey
        self.apiBaseURL = apiBaseURL
        self.streamURL = streamURL
        self.caFile = caFile
        self.defaultCurrency = defaultCurrency
        self.currencies = currencies
        self.cacheDirectory = cacheDirectory
        self.configFilePath = configFilePath
        self.requestTimeout = requestTimeout
    }

    /// The config file path: `$XDG_CONFIG_HOME/lacripta/config`, else `~/.config/lacripta/config`.
    public static func configFilePath(environment: [String: String]) -> String {
        let base = environment[.xdgConfigHome] ?? ((environment[.home] ?? NSHomeDirectory()) + "/.config")
        return base + "/lacripta/config"
    }

    /// The cache directory: `$XDG_CACHE_HOME/lacripta`, else `~/.cache/lacripta`.
    public static func cacheDirectory(environment: [String: String]) -> URL {
        let base = environment[.xdgCacheHome] ?? ((environment[.home] ?? NSHomeDirectory()) + "/.cache")
        return URL(fileURLWithPath: base).appendingPathComponent("lacripta", isDirectory: true)
    }

    /// Resolves the configuration: environment variables win over the config file, which wins over
    /// the defaults. A missing config file is fine; an unreadable or malformed one is an error.
    public static func load(environment: [String: String], readFile: (String) throws -> String? = Configuration.readIfPresent)
        throws -> Configuration
    {
        let path = configFilePath(environment: environment)
        let file: ConfigFile
        if let text = try readFile(path) {
            file = try ConfigFile(text: text, path: path)
        } else {
            file = ConfigFile()
        }
        let apiURL = try url(environment[.apiURL] ?? file["api_url"] ?? defaultAPIURL, setting: "LACRIPTA_API_URL", schemes: ["http", "https"])
        let streamURL = try url(environment[.streamURL] ?? file["stream_url"] ?? defaultStreamURL, setting: "LACRIPTA_STREAM_URL", schemes: ["ws", "wss"])
        let currencies = (file["currencies"] ?? "USD,EUR")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }.filter { !$0.isEmpty }
        let timeoutText = environment[.timeout] ?? file["timeout"]
        var timeout: TimeInterval = 15
        if let timeoutText {
            guard let seconds = TimeInterval(timeoutText), seconds > 0, seconds <= 600 else {
                throw LacriptaError.usage("LACRIPTA_TIMEOUT (or `timeout` in \(path)) must be seconds from 0 to 600, got '\(timeoutText)'")
            }
            timeout = seconds
        }
        return Configuration(
            apiKey: (environment[.apiKey] ?? file["api_key"]).flatMap(APIKey.init),
            apiBaseURL: apiURL,
            streamURL: streamURL,
            caFile: environment[.caFile] ?? file["ca_file"],
            defaultCurrency: (file["currency"] ?? "USD").uppercased(),
            currencies: currencies.isEmpty ? ["USD", "EUR"] : currencies,
            cacheDirectory: cacheDirectory(environment: environment),
            configFilePath: path,
            requestTimeout: timeout
        )
    }

    /// Reads a file if it exists; nil when it does not.
    @Sendable public static func readIfPresent(_ path: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw LacriptaError.io("cannot read config file \(path): \(error.localizedDescription)")
        }
    }

    private static func url(_ text: String, setting: String, schemes: Set<String>) throws -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), schemes.contains(scheme), url.host != nil else {
            throw LacriptaError.usage("\(setting) must be a \(schemes.sorted().joined(separator: "/")) URL, got '\(text)'")
        }
        return url
    }
}
