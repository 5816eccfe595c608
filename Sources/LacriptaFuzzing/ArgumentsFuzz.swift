import LacriptaCLI

/// The command line: the input's NUL-separated parts are the arguments.
enum ArgumentsFuzz {
    /// Reads the arguments as `lacripta` does, before any configuration, through each command's own
    /// checks of its values; and each argument as the full-screen view's alert prompt reads a line
    /// typed into it (the same numbers and windows, from the keyboard).
    static func commandLine(_ input: [UInt8]) {
        let arguments = input.isEmpty ? [] : input.split(separator: 0, omittingEmptySubsequences: false).map { FuzzInput.text($0) }
        _ = CLI.describeInvocation(arguments)
        for argument in arguments.prefix(4) { _ = CLI.describeAlertPrompt(argument) }
    }
}
