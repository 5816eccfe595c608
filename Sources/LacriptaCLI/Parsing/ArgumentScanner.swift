/// Scans a command line against a command's option specs: `--name value`, `--name=value`,
/// `-n value`, `-n5`, flags, `--` ending options, and positionals in between.
struct ArgumentScanner {
    let specs: [OptionSpec]

    /// Parses `arguments` (without the program and command names).
    func scan(_ arguments: [String]) throws(ParseError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") || Self.isNegativeNumber(argument) {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let (spec, inlineValue) = try resolve(argument)
            guard spec.valueName != nil else {
                if inlineValue != nil { throw .unexpectedValue(option: spec.name) }
                parsed.values[spec.name, default: []].append(nil)
                continue
            }
            if let inlineValue {
                parsed.values[spec.name, default: []].append(try Self.checked(inlineValue, for: spec))
            } else if index < arguments.count, !Self.looksLikeOption(arguments[index]) || Self.isNegativeNumber(arguments[index]) {
                // An optional value is only taken when it looks like one (a number for --watch), so
                // `--watch ETH` is not misread.
                if spec.valueIsOptional && Double(arguments[index]) == nil {
                    parsed.values[spec.name, default: []].append(nil)
                } else {
                    parsed.values[spec.name, default: []].append(try Self.checked(arguments[index], for: spec))
                    index += 1
                }
            } else if spec.valueIsOptional {
                parsed.values[spec.name, default: []].append(nil)
            } else {
                throw .missingValue(option: spec.name)
            }
        }
        return parsed
    }

    /// The spec an argument names, and a value attached with `=` or to a short flag.
    private func resolve(_ argument: String) throws(ParseError) -> (OptionSpec, String?) {
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            let value = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if let spec = specs.first(where: { $0.name == name }) { return (spec, value) }
            let suggestion = EditDistance.suggestion(for: name, among: specs.map(\.name)).map { "--\($0)" }
            throw .unknownOption("--\(name)", suggestion: suggestion)
        }
        let letters = argument.dropFirst()
        guard let letter = letters.first, let spec = specs.first(where: { $0.short == letter }) else {
            throw .unknownOption(argument, suggestion: nil)
        }
        let rest = String(letters.dropFirst())
        if rest.isEmpty { return (spec, nil) }
        if spec.valueName != nil { return (spec, rest.hasPrefix("=") ? String(rest.dropFirst()) : rest) }
        throw .unknownOption(argument, suggestion: "-\(letter)")
    }

    /// `value`, in its canonical spelling when the option has fixed choices; an error naming them
    /// when it is none of them.
    private static func checked(_ value: String, for spec: OptionSpec) throws(ParseError) -> String {
        guard !spec.choices.isEmpty else { return value }
        guard let choice = spec.canonicalChoice(value) else {
            throw .invalidValue(option: spec.name, value: value, expected: "one of " + spec.choices.joined(separator: ", "))
        }
        return choice
    }

    private static func looksLikeOption(_ text: String) -> Bool { text.hasPrefix("-") && text != "-" }

    private static func isNegativeNumber(_ text: String) -> Bool { text.hasPrefix("-") && Double(text) != nil }
}
