import LacriptaCLI

/// The command line: the input's NUL-separated parts are the arguments.
enum ArgumentsFuzz {
    /// Reads the arguments as `lacripta` does, before any configuration.
    static func commandLine(_ input: [UInt8]) {
        let arguments = input.isEmpty ? [] : input.split(separator: 0, omittingEmptySubsequences: false).map { FuzzInput.text($0) }
        _ = CLI.describeInvocation(arguments)
    }
}
