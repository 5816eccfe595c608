import Foundation

@testable import LacriptaCore

/// A transport that answers from a script and records the requests, for error-mapping tests.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    // Guarded by `lock`; tests touch it from the client's task and then from the test body.
    private let lock = NSLock()
    private var answers: [Result<HTTPResponse, TransportFailure>]
    private var recorded: [HTTPRequest] = []

    init(_ answers: [Result<HTTPResponse, TransportFailure>]) { self.answers = answers }

    var requests: [HTTPRequest] { lock.withLock { recorded } }

    func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        let answer: Result<HTTPResponse, TransportFailure> = lock.withLock {
            recorded.append(request)
            return answers.isEmpty ? .failure(.cannotConnect) : answers.removeFirst()
        }
        return try answer.get()
    }
}
