import Foundation
import LacriptaCore
import LacriptaTerminal

/// `lacripta config`: every setting with the value in force and where it came from; `config path`
/// the files and folders lacripta reads and writes; `config check` every problem at once. It reads
/// the configuration itself, so a broken config file is shown and checked, not in the way.
struct ConfigCommand: Command {
    static let configuration = CommandConfiguration(
        name: "config",
        abstract: "show each setting, where it came from, and check them",
        usage: "[options]",
        discussion: """
            Lists every setting with the value in force and where it came from: an environment
            variable (which wins), a line of the config file, or lacripta's default. Keys are shown
            only as set or not set. `config path` names the config file and the cache and data
            folders; `config check` checks the environment and the config file and names every
            problem (exit 64), where a command stops at the first. lacripta never writes the config
            file: edit it by hand (see README, Configuration).
            """,
        options: [.flag("json", help: "print the settings as a JSON array (setting, value, from, variable)")],
        examples: [
            ("lacripta config", "every setting, its value and where it came from"),
            ("lacripta config path", "where the config file, the cache and your data are"),
            ("lacripta config check && lacripta live BTC", "check the settings before a long run"),
        ],
        positionalChoices: ["path", "check"],
        subcommands: [
            Subcommand(name: "path", abstract: "the files and folders lacripta reads and writes", usage: ""),
            Subcommand(name: "check", abstract: "check the environment and the config file, naming every problem", usage: ""),
        ],
        readsConfiguration: false
    )

    /// What to do.
    enum Action: Equatable {
        case show(json: Bool)
        case paths
        case check
    }

    let action: Action

    init(arguments: ParsedArguments, context: Context) throws {
        if let extra = arguments.positionals.first {
            let suggestion = EditDistance.suggestion(for: extra, among: Self.configuration.subcommands.map(\.name))
            throw ParseError.unknownCommand("config \(extra)", suggestion: suggestion.map { "config \($0)" })
        }
        switch arguments.subcommand {
        case nil: action = .show(json: arguments.has("json"))
        case "path", "check":
            if arguments.has("json") { throw ParseError.conflict("--json only applies to the list of settings (lacripta config --json)") }
            action = arguments.subcommand == "path" ? .paths : .check
        default: throw ParseError.unexpectedArgument(arguments.subcommand ?? "")
        }
    }

    func run(in context: Context) async throws -> ExitCode {
        var inspection = ConfigInspection(environment: context.environment)
        // `--theme` wins over the settings for this run, so it is the theme's origin here too.
        if let theme = context.themeOption { inspection.options[.theme] = theme.rawValue }
        switch action {
        case .show(let json):
            let settings = inspection.settings
            let keys = inspection.keyBindings
            try context.printRaw(
                json ? try Self.json(settings, keys: keys) : Self.text(settings, keys: keys, columns: context.stdoutCapabilities.width))
            for problem in inspection.fileProblems { context.printError(StyledText("note: \(problem.userMessage)", style: .warning)) }
            return .success
        case .paths:
            try context.printRaw(Self.paths(inspection: inspection, environment: context.environment, columns: context.stdoutCapabilities.width))
            return .success
        case .check:
            let problems = inspection.problems
            for problem in problems { context.printError(StyledText("lacripta: \(problem.userMessage)", style: .error)) }
            guard problems.isEmpty else { return .usage }
            try context.printRaw("no problems in the environment or \(Sanitizer.singleLine(inspection.path))\n")
            return .success
        }
    }

    /// "api_url  https://… (default)", one setting a line, values wrapped under their column; the
    /// view's key bindings (`key.move-down  Down, j (default)`) after the other settings.
    static func text(_ settings: [SettingState], keys: [KeyBindingState] = [], columns: Int) -> String {
        let entries =
            settings.map { ($0.key.rawValue, "\(Sanitizer.singleLine($0.value)) (\(Sanitizer.singleLine($0.origin.description)))") }
            + keys.map { ($0.name, "\(Sanitizer.singleLine($0.value)) (\(Sanitizer.singleLine($0.origin.description)))") }
        return HelpLayout(fullWidth: columns).definitions(entries, indent: 0).joined(separator: "\n") + "\n"
    }

    /// The settings as JSON: a secret's value is only "set" or "not set" here too.
    static func json(_ settings: [SettingState], keys: [KeyBindingState] = []) throws -> String {
        struct Item: Encodable {
            let setting: String
            let value: String
            let from: String
            let variable: String?
            let secret: Bool
        }
        return try JSONOutput.encode(
            settings.map { state in
                Item(
                    setting: state.key.rawValue, value: state.value, from: state.origin.description,
                    variable: state.key.environmentKey?.rawValue, secret: state.isSecret)
            } + keys.map { Item(setting: $0.name, value: $0.value, from: $0.origin.description, variable: nil, secret: false) })
    }

    /// The config file (and whether it is there), the cache and the data folder.
    static func paths(inspection: ConfigInspection, environment: [String: String], columns: Int) -> String {
        let file = inspection.text == nil ? "\(inspection.path) (not there: lacripta runs on its defaults)" : inspection.path
        let entries = [
            ("config file", file),
            ("feeds", FeedListFile(environment: environment).path + " (your feed list: lacripta feeds)"),
            ("cache", Configuration.cacheDirectory(environment: environment).path + " (answers kept to save requests; safe to delete)"),
            ("data", UserStore.directory(environment: environment) + " (your favourites, holdings and alerts)"),
            (
                "news archive",
                ArticleArchive.directory(environment: environment) + "/" + ArticleArchive.fileName + " (articles, read and saved marks, ratings)"
            ),
        ]
        return HelpLayout(fullWidth: columns).definitions(entries.map { ($0.0, Sanitizer.singleLine($0.1)) }, indent: 0).joined(separator: "\n")
            + "\n"
    }
}
