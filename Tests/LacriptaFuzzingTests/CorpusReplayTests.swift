import Foundation
import LacriptaFuzzing
import Testing

/// Every input of the stored fuzz corpora (seeds, and each crash the fuzzers found, kept as a
/// regression input) run through the same entries the libFuzzer targets call, in a plain build:
/// a parser that traps on one of them crashes this test, a broken property fails it.
@Suite("Fuzz corpus replay")
struct CorpusReplayTests {
    /// `FuzzTesting/Corpus/` of this checkout.
    static let corpusRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzTesting/Corpus")

    /// The files of one target's corpus, sorted so failures name the same file every run.
    static func inputs(of target: FuzzTarget) throws -> [URL] {
        let folder = corpusRoot.appendingPathComponent(target.rawValue)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("every stored input of the target's corpus passes its checks", arguments: FuzzTarget.allCases)
    func replay(_ target: FuzzTarget) throws {
        let inputs = try Self.inputs(of: target)
        #expect(!inputs.isEmpty, "FuzzTesting/Corpus/\(target.rawValue)/ holds no inputs")
        for input in inputs {
            let bytes = try [UInt8](Data(contentsOf: input))
            do {
                try target.run(bytes)
            } catch {
                Issue.record("\(target.rawValue)/\(input.lastPathComponent): \(error)")
            }
        }
    }

    @Test("every corpus folder belongs to a target, so none is silently skipped")
    func foldersMatchTargets() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpusRoot.path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(FuzzTarget.allCases.map(\.rawValue)))
    }
}
