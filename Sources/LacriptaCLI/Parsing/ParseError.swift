/// What was wrong with a command line. Rendered by `ErrorRenderer` with the usage line.
public enum ParseError: Error, Sendable, Equatable {
    /// An option the command does not have, with the closest known name when one is close.
    case unknownOption(String, suggestion: String?)
    /// An option that needs a value got none.
    case missingValue(option: String)
    /// An option's value is not acceptable.
    case invalidValue(option: String, value: String, expected: String)
    /// A positional argument is not acceptable.
    case invalidArgument(name: String, value: String, expected: String)
    /// A flag that takes no value was given one (`--json=yes`).
    case unexpectedValue(option: String)
    /// Too many positional arguments.
    case unexpectedArgument(String)
    /// A required positional argument is missing.
    case missingArgument(String)
    /// A command name that does not exist.
    case unknownCommand(String, suggestion: String?)
    /// Options that cannot be used together.
    case conflict(String)

    /// One line saying what is wrong.
    public var message: String {
        switch self {
        case .unknownOption(let option, let suggestion):
            return "unknown option '\(option)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .missingValue(let option):
            return "option '--\(option)' needs a value"
        case .invalidValue(let option, let value, let expected):
            return "invalid value '\(value)' for '--\(option)': expected \(expected)"
        case .invalidArgument(let name, let value, let expected):
            return "invalid \(name) '\(value)': expected \(expected)"
        case .unexpectedValue(let option):
            return "option '--\(option)' does not take a value"
        case .unexpectedArgument(let argument):
            return "unexpected argument '\(argument)'"
        case .missingArgument(let name):
            return "missing argument \(name)"
        case .unknownCommand(let command, let suggestion):
            return "unknown command '\(command)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        case .conflict(let message):
            return message
        }
    }
}
