/// The user's program to run for every alert that fires, with the setting it came from, so that a
/// message about it names the place to fix ("--exec", or "`alert_exec` (line 3 of …/config)").
public struct AlertProgram: Sendable, Equatable {
    /// The program as the user named it: a path, or a name looked up on PATH.
    public var command: String
    /// Where it was set, as messages name it.
    public var origin: String

    /// Creates a program named `command` that `origin` set.
    public init(command: String, origin: String) {
        self.command = command
        self.origin = origin
    }
}
