import Foundation

/// What `lacripta config` reports: every setting with its effective value and origin, and every
/// problem in the environment and the config file at once (commands stop at the first). lacripta
/// still never writes the config file.
public struct ConfigInspection: Sendable {
    /// The process environment.
    public let environment: [String: String]
    /// The config file's path.
    public let path: String
    /// The file's text; nil when there is none.
    public let text: String?
    /// The file's lines that read (the others are among `fileProblems`).
    let file: ConfigFile
    /// Lines of the file that do not read, and a file that cannot be read at all.
    public let fileProblems: [LacriptaError]
    /// The values given on the command line to the settings that have an option (`--theme`
    /// for `theme`), which win over the environment and the file; checked before they got here.
    public var options: [ConfigKey: String] = [:]

    /// Reads the config file through `readFile` (a file that cannot be read is a problem, not a
    /// failure: the rest is still shown).
    public init(environment: [String: String], readFile: (String) throws -> String? = Configuration.readIfPresent) {
        self.environment = environment
        path = Configuration.configFilePath(environment: environment)
        var problems: [LacriptaError] = []
        var text: String?
        do {
            text = try readFile(path)
        } catch {
            problems.append((error as? LacriptaError) ?? .configuration("cannot read the config file \(path)"))
        }
        self.text = text
        let filePath = path
        let (read, lineProblems) = text.map { ConfigFile.lenient(text: $0, path: filePath) } ?? (ConfigFile(), [])
        file = read
        fileProblems = problems + lineProblems
    }

    /// Every setting, in the order of `ConfigKey`.
    public var settings: [SettingState] { ConfigKey.allCases.map(state) }

    /// One setting: the command line, then the environment, then the file, then the default.
    private func state(of key: ConfigKey) -> SettingState {
        let secret = key.isSecret
        if let option = key.optionName, let text = options[key] {
            return SettingState(key: key, value: text, origin: .option(option), isSecret: secret)
        }
        if let variable = key.environmentKey, let text = environment[variable] {
            return SettingState(key: key, value: secret ? "set" : text, origin: .environment(variable.rawValue), isSecret: secret)
        }
        if let text = file[key], let line = file.entries[key]?.line {
            return SettingState(key: key, value: secret ? "set" : text, origin: .file(path: path, line: line), isSecret: secret)
        }
        return SettingState(key: key, value: key.defaultDescription, origin: .defaultValue, isSecret: secret)
    }

    /// Every problem: the file's lines that do not read, then each setting whose value
    /// `Configuration.load` refuses, each checked on its own so one mistake does not hide the
    /// next (the same checks, in the same words, as every command runs).
    public var problems: [LacriptaError] {
        var problems = fileProblems
        let settingVariables = Set(ConfigKey.allCases.compactMap(\.environmentKey?.rawValue))
        for key in ConfigKey.allCases {
            var alone = environment.filter { !settingVariables.contains($0.key) }
            var lines: String?
            if let variable = key.environmentKey, let value = environment[variable.rawValue], !value.isEmpty {
                alone[variable.rawValue] = value
            } else if let line = file.entries[key]?.line, let text {
                lines = Self.keeping(line: line, of: text)
            } else {
                continue
            }
            do {
                _ = try Configuration.load(environment: alone, readFile: { _ in lines })
            } catch {
                problems.append((error as? LacriptaError) ?? .configuration("\(key.rawValue) cannot be used"))
            }
        }
        return problems + keyBindingProblems
    }

    /// `text` with every line but `line` emptied, so a setting is checked alone and still named
    /// by its own line number.
    static func keeping(line: Int, of text: String) -> String {
        ConfigFile.lines(of: text).enumerated()
            .map { $0.offset + 1 == line ? String($0.element) : "" }
            .joined(separator: "\n")
    }
}

extension ConfigKey {
    /// The command-line option that sets it for one run, if any (none of them a secret).
    public var optionName: String? { self == .theme ? "--theme" : nil }

    /// Whether the value is a secret, shown only as set or not set.
    public var isSecret: Bool { self == .apiKey || self == .coinGeckoAPIKey }

    /// The default in words, as `lacripta config` shows it.
    public var defaultDescription: String {
        switch self {
        case .apiKey, .coinGeckoAPIKey: "not set"
        case .apiURL: Configuration.defaultAPIURL
        case .streamURL: Configuration.defaultStreamURL
        case .caFile: "none (the system's trusted CAs)"
        case .currency: "USD"
        case .currencies: "USD, EUR"
        case .timeout: "15"
        case .source: "auto (CryptoCompare with a key, else public)"
        case .coinGeckoURL: Configuration.defaultCoinGeckoURL
        case .newsFeeds: FeedOutlet.defaults.map(\.name).joined(separator: ", ")
        case .coinbaseURL: Exchange.coinbase.defaultURLText
        case .krakenURL: Exchange.kraken.defaultURLText
        case .bitstampURL: Exchange.bitstamp.defaultURLText
        case .bitfinexURL: Exchange.bitfinex.defaultURLText
        case .binanceURL: Exchange.binance.defaultURLText
        case .binanceUSURL: Exchange.binanceus.defaultURLText
        case .okxURL: Exchange.okx.defaultURLText
        case .geminiURL: Exchange.gemini.defaultURLText
        case .cexURL: Exchange.cex.defaultURLText
        case .alertExec: "none"
        case .alertHysteresis: "0.5"
        case .hideAmounts: "false"
        case .newsKeepDays: "\(ArticleArchive.defaultKeepDays)"
        case .krakenAPIURL: Configuration.defaultKrakenAPIURL
        case .coinbaseAPIURL: Configuration.defaultCoinbaseAPIURL
        case .costMethod: "fifo"
        case .theme: ThemeName.dark.rawValue
        case .colorUp, .colorDown, .colorUnchanged, .colorAccent, .colorMuted, .colorWarning, .colorError, .colorOk, .colorMark, .colorSeries1,
            .colorSeries2, .colorSeries3, .colorSeries4:
            "the theme's"
        }
    }
}
