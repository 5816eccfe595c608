import Foundation

/// A running offline CryptoCompare: the REST server, and the streamer when one is plugged in.
public final class Simulator: Sendable {
    /// The REST service, for changing faults, overrides and keys and reading the request log.
    public let rest: CryptoCompareREST
    /// The streamer, when a factory was given.
    public let stream: (any SimulatorStreamService)?
    private let restServer: HTTPServer

    /// Loads the recorded data, starts the REST server and then the streamer (if any).
    public static func start(_ configuration: SimulatorConfiguration, stream: SimulatorStreamFactory? = nil) throws -> Simulator {
        let recorded = try RecordedData(directory: configuration.dataDirectory)
        var options = CryptoCompareREST.Options(fault: configuration.fault)
        if configuration.freshNews { options.newsNow = { Date().timeIntervalSince1970 } }
        let rest = CryptoCompareREST(recorded: recorded, options: options)
        if let key = configuration.requiredKey { rest.setRequiredAPIKey(key) }
        let server = try HTTPServer(port: configuration.restPort, handler: rest.handle)
        do {
            let context = SimulatorStreamContext(
                port: configuration.streamPort, dataDirectory: configuration.dataDirectory,
                requiredKey: configuration.requiredKey)
            let streamService = try stream?(context)
            return Simulator(rest: rest, server: server, stream: streamService)
        } catch {
            server.stop()
            throw error
        }
    }

    private init(rest: CryptoCompareREST, server: HTTPServer, stream: (any SimulatorStreamService)?) {
        self.rest = rest
        restServer = server
        self.stream = stream
    }

    /// The bound REST port.
    public var restPort: UInt16 { restServer.port }

    /// `http://127.0.0.1:PORT` (no trailing slash); append min-api paths such as `/data/price`.
    public var restBaseURL: URL {
        URL(string: "http://127.0.0.1:\(restServer.port)") ?? URL(fileURLWithPath: "/")
    }

    /// The start-up lines `lacripta-sim` prints, e.g. `lacripta-sim: REST on http://127.0.0.1:PORT`.
    public var announcement: [String] {
        var lines = ["lacripta-sim: REST on \(restBaseURL.absoluteString)"]
        if let stream { lines.append("lacripta-sim: stream on \(stream.url.absoluteString)") }
        return lines
    }

    /// Stops the streamer and the REST server; returns when no new connection is accepted.
    public func stop() {
        stream?.stop()
        restServer.stop()
    }
}
