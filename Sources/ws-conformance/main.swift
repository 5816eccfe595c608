// Autobahn conformance driver: runs every case of a fuzzingserver (kosoku or Autobahn's wstest)
// as an echo client with the native WebSocket client, then asks the server to write its reports.
//
// Usage: ws-conformance [base-url] [agent]   (default ws://127.0.0.1:9001, "lacripta")
import Foundation
import LacriptaWebSocket

/// Fails the run with a message on stderr.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ws-conformance: \(message)\n".utf8))
    exit(1)
}

/// Builds "<base>/<path>?<query>" with the query percent-encoded.
func caseURL(_ base: String, _ path: String, _ query: [URLQueryItem]) -> URL {
    guard var components = URLComponents(string: base + path) else { fail("invalid base URL \(base)") }
    components.queryItems = query
    guard let url = components.url else { fail("invalid URL for \(path)") }
    return url
}

/// Runs the driver.
func runConformance() async {
    let arguments = CommandLine.arguments.dropFirst()
    let base = arguments.first ?? "ws://127.0.0.1:9001"
    let agent = arguments.dropFirst().first ?? "lacripta"
    // Section 9 sends messages of up to 16 MiB; the app's 4 MiB default would (correctly) close
    // with 1009 there, so the driver raises the limit.
    let client = NativeWebSocketClient(options: WebSocketClientOptions(maxMessageSize: 20 << 20))

    let countConnection: NativeWebSocketConnection
    do {
        countConnection = try await client.open(caseURL(base, "/getCaseCount", []))
    } catch {
        fail("cannot reach the fuzzing server at \(base): \(error)")
    }
    var count = 0
    do {
        for try await message in countConnection.messages {
            count = Int(message.text ?? "") ?? 0
        }
    } catch {
        fail("reading the case count failed: \(error)")
    }
    guard count > 0 else { fail("the server reported no cases") }
    print("running \(count) cases against \(base) as \(agent)")

    let started = ContinuousClock.now
    for index in 1...count {
        let url = caseURL(base, "/runCase", [URLQueryItem(name: "case", value: String(index)), URLQueryItem(name: "agent", value: agent)])
        do {
            let connection = try await client.open(url)
            for try await message in connection.messages {
                try await connection.send(message)
            }
        } catch {
            // Failing the connection is the expected outcome of many cases; the server judges it.
        }
        if index % 50 == 0 || index == count {
            print("  \(index)/\(count) cases (\(ContinuousClock.now - started))")
        }
    }

    do {
        let reports = try await client.open(caseURL(base, "/updateReports", [URLQueryItem(name: "agent", value: agent)]))
        for try await _ in reports.messages {}
    } catch let error as WebSocketError where error.kind == .connectionLost {
        // kosoku ends the whole server once the reports are written, without a Close frame.
    } catch {
        fail("updateReports failed: \(error)")
    }
    print("done in \(ContinuousClock.now - started)")
}

await runConformance()
