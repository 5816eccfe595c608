import Foundation
import Testing

@testable import LacriptaCore

/// `news_keep_days` and `LACRIPTA_NEWS_KEEP_DAYS`: the archive's retention, checked like every
/// other setting.
@Suite("Archive configuration")
struct ArchiveConfigurationTests {
    private func load(_ environment: [String: String], file: String? = nil) throws -> Configuration {
        try Configuration.load(environment: environment.merging(["HOME": "/h"]) { $1 }, readFile: { _ in file })
    }

    @Test("90 days unless set; the environment wins over the file")
    func keepDays() throws {
        #expect(try load([:]).newsKeepDays == 90)
        #expect(try load([:], file: "news_keep_days = 30\n").newsKeepDays == 30)
        #expect(try load(["LACRIPTA_NEWS_KEEP_DAYS": "7"], file: "news_keep_days = 30\n").newsKeepDays == 7)
    }

    @Test("a value that is not whole days from 1 to 36500 is a usage error naming the setting", arguments: ["0", "-3", "1.5", "ninety", "36501"])
    func badKeepDays(value: String) {
        #expect {
            _ = try load(["LACRIPTA_NEWS_KEEP_DAYS": value])
        } throws: { error in
            let error = error as? LacriptaError
            return error?.exitCode == .usage && error?.userMessage.contains("LACRIPTA_NEWS_KEEP_DAYS") == true
        }
    }
}
