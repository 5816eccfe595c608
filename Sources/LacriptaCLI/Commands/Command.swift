import LacriptaCore

/// What a command tells the help renderer and the parser about itself.
public struct CommandConfiguration: Sendable {
    /// The subcommand name, e.g. `top`.
    public var name: String
    /// One line: what it does.
    public var abstract: String
    /// The usage line after `lacripta NAME`, e.g. `[COIN] [options]`.
    public var usage: String
    /// Paragraphs of explanation shown after the usage line.
    public var discussion: String
    /// The options, in help order.
    public var options: [OptionSpec]
    /// Example command lines with a short comment each.
    public var examples: [(command: String, comment: String)]
    /// The values the positional argument may take, when they are fixed (`completions bash`);
    /// empty when it is free (a coin). Shells complete them.
    public var positionalChoices: [String] = []
    /// The command's subcommands (`fav add`, `fav rm`), each with options of its own; empty for a
    /// command without any. The command alone (`lacripta fav`) still runs, with `options`.
    public var subcommands: [Subcommand] = []
    /// Whether the command needs the configuration loaded (and checked) before it runs; false
    /// for one that reads it itself (`config`), which must work when the config file is broken.
    public var readsConfiguration = true

    /// Every option the command or one of its subcommands takes, each once (for completions and
    /// the man page).
    public var allOptions: [OptionSpec] {
        var names = Set(options.map(\.name))
        return options + subcommands.flatMap(\.options).filter { names.insert($0.name).inserted }
    }

    /// The subcommand called `name`, if there is one.
    func subcommand(named name: String) -> Subcommand? {
        subcommands.first { $0.name == name }
    }
}

/// One subcommand of a command: `add` in `lacripta fav add BTC`.
public struct Subcommand: Sendable {
    /// Its name, e.g. `add`.
    public var name: String
    /// One line: what it does.
    public var abstract: String
    /// The usage after `lacripta COMMAND NAME`, e.g. `SYMBOL...`.
    public var usage: String
    /// Options it takes besides the command's own.
    public var options: [OptionSpec] = []
}

/// A lacripta subcommand: declares its options, builds itself from parsed arguments (validating
/// them, so a bad value fails before any network traffic), and runs.
protocol Command: Sendable {
    /// Name, help text and options.
    static var configuration: CommandConfiguration { get }
    /// Builds the command from its parsed arguments; throws `ParseError` on bad values.
    init(arguments: ParsedArguments, context: Context) throws
    /// Does the work, writing to the context's outputs. Throws `LacriptaError` on failure.
    func run(in context: Context) async throws -> ExitCode
}
