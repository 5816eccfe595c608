import LacriptaCore

/// `--source`, which every data command takes: one spec, so help, man page and completions agree.
enum SourceOption {
    /// The option.
    static let spec = OptionSpec.option(
        "source", value: "NAME", choices: SourceChoice.allCases.map(\.rawValue),
        help: "where data comes from: auto (default; CryptoCompare with a key, else public), cryptocompare or public")

    /// The choice given on the command line, if any (the scanner has checked the spelling).
    static func choice(in arguments: ParsedArguments) -> SourceChoice? {
        arguments.string(spec.name).flatMap { SourceChoice(rawValue: $0.lowercased()) }
    }
}
