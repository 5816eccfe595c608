import Foundation
import LacriptaNet

@testable import LacriptaCore

/// A transport that answers from a script and records the requests, for error-mapping tests.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    // Guarded by `lock`; tests touch it from the client's task and then from the test body.
    private let lock = NSLock()
    private var answers: [Result<HTTPResponse, NetError>]
    private var recorded: [HTTPRequest] = []

    init(_ answers: [Result<HTTPResponse, NetError>]) { self.answers = answers }

    var requests: [HTTPRequest] { lock.withLock { recorded } }

    func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        let answer: Result<HTTPResponse, NetError> = lock.withLock {
            recorded.append(request)
            return answers.isEmpty ? .failure(NetError(.connectionRefused)) : answers.removeFirst()
        }
        return try answer.get()
    }
}
