/// Process exit statuses, following sysexits(3) so scripts can tell failure classes apart.
public enum ExitCode: Int32, Sendable, Equatable {
    /// Everything worked.
    case success = 0
    /// Anything not covered by a more specific code.
    case failure = 1
    /// The command line was wrong: unknown flag, bad value, missing argument.
    case usage = 64
    /// The service sent data we could not use, or the user named a coin that does not exist.
    case dataError = 65
    /// The service could not be reached or answered with a server error.
    case unavailable = 69
    /// The service refused because the rate limit is used up.
    case rateLimited = 75
    /// The API key is missing or was refused.
    case authentication = 77
}
