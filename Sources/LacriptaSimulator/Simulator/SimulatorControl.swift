/// Applies `SimulatorControlCommand`s to a running simulator: the handler of the control port.
///
/// The control port is separate from the REST one and off unless asked for, so the simulated
/// services keep exactly the real ones' paths.
public struct SimulatorControl: Sendable {
    let simulator: Simulator

    /// A control for `simulator`.
    public init(simulator: Simulator) {
        self.simulator = simulator
    }

    /// A message cut in half, which no JSON parser accepts: what `/stream/malformed` sends.
    static let malformedStreamMessage = #"{"TYPE":"5","MARKET":"CCCAGG","FROMSYMBOL":"BTC","TOSYMBOL":"USD","FLAGS":2,"PRI"#

    /// Answers one control request: 200 with `ok` or the stats, 400 for a bad parameter, 404 for
    /// an unknown path or a service this simulator does not run.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        switch SimulatorControlCommand.parse(request) {
        case .failure(.unknownPath): return .text("no such control\n", status: 404)
        case .failure(.badParameter(let name)): return .text("bad \(name)\n", status: 400)
        case .success(let command): return apply(command)
        }
    }

    /// Performs `command`.
    public func apply(_ command: SimulatorControlCommand) -> HTTPResponse {
        let streamer = simulator.stream as? CryptoCompareStreamer
        let exchanges = simulator.exchanges
        switch command {
        case .streamDrop, .streamSilence, .streamClose, .streamRefuse, .streamMalformed:
            guard let streamer else { return .text("no streamer\n", status: 404) }
            switch command {
            case .streamDrop(let midFrame): streamer.dropConnections(midFrame: midFrame)
            case .streamSilence: streamer.goSilent()
            case .streamClose: streamer.forceDisconnect()
            case .streamRefuse(let count): streamer.refuseNextSockets(count)
            default: streamer.push(Self.malformedStreamMessage)
            }
        case .restFault(let mode, let count):
            simulator.rest.setFault(mode, count: count)
        case .exchangeFault, .exchangeDrop, .exchangeSilence, .exchangeMalformed:
            guard let exchanges else { return .text("no exchange feeds\n", status: 404) }
            switch command {
            case .exchangeFault(let fault, let exchange): exchanges.setFaults(fault.map { [$0] } ?? [], for: exchange)
            case .exchangeDrop(let exchange): exchanges.dropConnections(exchange)
            case .exchangeSilence(let exchange): exchanges.goSilent(exchange)
            case .exchangeMalformed(let exchange): exchanges.sendMalformed(exchange)
            default: break
            }
        case .stats:
            return .json(stats)
        }
        return .text("ok\n", status: 200)
    }

    /// Sockets opened and messages sent so far, for a soak run's report.
    var stats: JSONValue {
        let streamer = simulator.stream as? CryptoCompareStreamer
        return .object([
            .init("streamSocketsOpened", .number(Double(streamer?.socketsOpened ?? 0))),
            .init("streamSocketsOpen", .number(Double(streamer?.connections.count ?? 0))),
            .init("streamMessagesSent", .number(Double(streamer?.messagesSent ?? 0))),
            .init("exchangeSocketsOpened", .number(Double(simulator.exchanges?.socketsOpened ?? 0))),
            .init("exchangeSocketsOpen", .number(Double(simulator.exchanges?.connections().count ?? 0))),
        ])
    }
}
