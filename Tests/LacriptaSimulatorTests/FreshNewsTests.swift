import Foundation
import Testing

@testable import LacriptaSimulator

@Suite("Fresh news timestamps")
struct FreshNewsTests {
    private func published(_ rest: CryptoCompareREST, query: String = "") throws -> [Double] {
        let body = rest.handle(HTTPRequest(method: "GET", target: "/data/v2/news/?lang=EN\(query)")).body
        let document = try JSONParser.parse(body)
        return (document["Data"]?.arrayElements ?? []).compactMap { $0["published_on"]?.doubleValue }
    }

    @Test("news moves so the newest article is seven minutes old, gaps kept")
    func shifted() throws {
        let recorded = try RecordedData(directory: SimulatorHarness.recordedDirectory())
        var options = CryptoCompareREST.Options()
        options.newsNow = { 2_000_000_000 }
        let fresh = try published(CryptoCompareREST(recorded: recorded, options: options))
        let original = try published(CryptoCompareREST(recorded: recorded))
        #expect(fresh.max() == Double(2_000_000_000 - 420))
        #expect(zip(fresh, original).allSatisfy { $0 - $1 == fresh[0] - original[0] })
        // Paging back with lTs works on the shifted times.
        let page = try published(CryptoCompareREST(recorded: recorded, options: options), query: "&lTs=\(Int(fresh[2]))")
        #expect(page.allSatisfy { $0 < fresh[2] })
        // The rest of the recording, then the archive behind it (shifted alike), a full page of 50.
        #expect(Array(page.prefix(fresh.count - 3)) == Array(fresh[3...]))
        #expect(page.count == 50)
    }
}
