/// The streamer's flags (`--stream-*`, `--no-stream`, `--flood`).
extension SimulatorCommandLine {
    /// Fragment size for a bare `--stream-fragment`: small enough to split every message.
    static let defaultFragmentSize = 32

    /// Applies a flag without a value; returns false when `argument` is not one.
    mutating func setStreamSwitch(_ argument: String) -> Bool {
        switch argument {
        case "--no-stream": streamDisabled = true
        case "--stream-unauthorized": streamOptions.faults.unauthorized = true
        case "--stream-too-many": streamOptions.faults.tooManySockets = true
        case "--stream-drop-mid-frame": streamOptions.faults.dropMidFrame = true
        case "--stream-fragment":
            streamOptions.faults.fragmentSize = Self.defaultFragmentSize
            streamOptions.faults.pingBetweenFragments = true
        default: return false
        }
        return true
    }

    /// Applies a streamer flag with a value; returns false when `name` is not one.
    mutating func parseStreamOption(
        _ name: String, value: () throws(SimulatorUsageError) -> String
    ) throws(SimulatorUsageError) -> Bool {
        switch name {
        case "--stream-seed":
            guard let seed = UInt64(try value()) else { throw SimulatorUsageError(message: "\(name) needs a whole number") }
            streamOptions.seed = seed
        case "--stream-rate": streamOptions.ticksPerSecond = try Self.seconds(try value(), option: name)
        case "--stream-heartbeat":
            let seconds = try Self.seconds(try value(), option: name)
            streamOptions.heartbeatInterval = seconds > 0 ? .seconds(seconds) : nil
        case "--stream-ping":
            let seconds = try Self.seconds(try value(), option: name)
            streamOptions.pingInterval = seconds > 0 ? .seconds(seconds) : nil
        case "--stream-max-sockets": streamOptions.maxSockets = try Self.count(try value(), option: name)
        case "--stream-drop-after": streamOptions.faults.dropAfter = try Self.count(try value(), option: name)
        case "--stream-silent-after": streamOptions.faults.silentAfter = try Self.count(try value(), option: name)
        case "--stream-force-disconnect": streamOptions.faults.forceDisconnectAfter = try Self.count(try value(), option: name)
        case "--stream-fragment":
            streamOptions.faults.fragmentSize = try Self.count(try value(), option: name)
            streamOptions.faults.pingBetweenFragments = true
        case "--flood": streamOptions.flood = try Self.count(try value(), option: name)
        default: return false
        }
        return true
    }

    /// A positive whole number.
    private static func count(_ text: String, option: String) throws(SimulatorUsageError) -> Int {
        guard let number = Int(text), number > 0 else { throw SimulatorUsageError(message: "\(option) needs a whole number above 0") }
        return number
    }

    /// A finite number of seconds (or a rate), 0 or more.
    private static func seconds(_ text: String, option: String) throws(SimulatorUsageError) -> Double {
        guard let number = Double(text), number.isFinite, number >= 0, number <= 86_400 else {
            throw SimulatorUsageError(message: "\(option) needs a number from 0 to 86400")
        }
        return number
    }
}
