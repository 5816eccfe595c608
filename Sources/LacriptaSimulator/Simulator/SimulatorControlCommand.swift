/// A fault to cause, or a question to answer, at run time in a running `lacripta-sim`, sent as
/// `GET /PATH?QUERY` to its control port (`--control-port-file`): a soak run rotates faults
/// through the same simulator its clients stay connected to, which the start-up flags cannot do.
///
/// Parsing is pure; `SimulatorControl` applies a command to a `Simulator`.
public enum SimulatorControlCommand: Sendable, Equatable {
    /// `/stream/drop[?mid-frame=0]`: reset every streamer socket, by default inside a frame.
    case streamDrop(midFrame: Bool)
    /// `/stream/silence`: every streamer socket goes silent (TCP open): only a watchdog notices.
    case streamSilence
    /// `/stream/close`: the recorded FORCE_DISCONNECT and a Close 1008 on every streamer socket.
    case streamClose
    /// `/stream/refuse?count=N`: the next N sockets get 429 TOO_MANY_SOCKETS (default 1).
    case streamRefuse(count: Int)
    /// `/stream/malformed`: every streamer socket gets a message cut in half.
    case streamMalformed
    /// `/rest/fault?mode=MODE[&count=N]`: CryptoCompare's REST fault (`--fault` modes), for N
    /// requests or until changed; without `mode` the fault is cleared.
    case restFault(FaultMode?, count: Int?)
    /// `/exchange/fault?mode=MODE[&exchange=NAME]`: an exchange fault (`--exchange-fault`
    /// modes) on one exchange or all; without `mode` their faults are cleared.
    case exchangeFault(ExchangeFault?, exchange: SimulatedExchange?)
    /// `/exchange/drop[?exchange=NAME]`: close TCP under the exchange's sockets.
    case exchangeDrop(SimulatedExchange?)
    /// `/exchange/silence[?exchange=NAME]`: the exchange's sockets go silent.
    case exchangeSilence(SimulatedExchange?)
    /// `/exchange/malformed[?exchange=NAME]`: one cut message on the exchange's sockets.
    case exchangeMalformed(SimulatedExchange?)
    /// `/stats`: sockets opened and messages sent, as JSON.
    case stats

    /// Why a request is no command.
    public enum Failure: Error, Equatable {
        /// No command has this path.
        case unknownPath
        /// The command's parameters do not parse.
        case badParameter(String)
    }

    /// Parses `request`'s path and query.
    public static func parse(_ request: HTTPRequest) -> Result<SimulatorControlCommand, Failure> {
        let exchangeName = request.queryValue("exchange")
        let exchange = exchangeName.flatMap(SimulatedExchange.init(argument:))
        if exchangeName != nil, exchange == nil { return .failure(.badParameter("exchange")) }
        let count = request.queryValue("count").map { Int($0).flatMap { $0 >= 0 && $0 <= 1_000_000 ? $0 : nil } }
        if case .some(nil) = count { return .failure(.badParameter("count")) }
        switch request.path {
        case "/stream/drop": return .success(.streamDrop(midFrame: request.queryValue("mid-frame") != "0"))
        case "/stream/silence": return .success(.streamSilence)
        case "/stream/close": return .success(.streamClose)
        case "/stream/refuse": return .success(.streamRefuse(count: (count ?? nil) ?? 1))
        case "/stream/malformed": return .success(.streamMalformed)
        case "/rest/fault":
            guard let text = request.queryValue("mode") else { return .success(.restFault(nil, count: nil)) }
            guard let mode = FaultMode(argument: text) else { return .failure(.badParameter("mode")) }
            return .success(.restFault(mode, count: count ?? nil))
        case "/exchange/fault":
            guard let text = request.queryValue("mode") else { return .success(.exchangeFault(nil, exchange: exchange)) }
            guard let fault = ExchangeFault(argument: text) else { return .failure(.badParameter("mode")) }
            return .success(.exchangeFault(fault, exchange: exchange))
        case "/exchange/drop": return .success(.exchangeDrop(exchange))
        case "/exchange/silence": return .success(.exchangeSilence(exchange))
        case "/exchange/malformed": return .success(.exchangeMalformed(exchange))
        case "/stats": return .success(.stats)
        default: return .failure(.unknownPath)
        }
    }
}
