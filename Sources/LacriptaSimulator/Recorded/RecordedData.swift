import Foundation

/// Why the recorded responses could not be loaded; names only our own file names.
public struct RecordedDataError: Error, Equatable, CustomStringConvertible {
    /// The file concerned.
    public let file: String
    /// What went wrong with it.
    public let problem: String

    /// A message for the simulator's stderr.
    public var description: String { "recorded data: \(file): \(problem)" }
}

/// Every recorded response, parsed once at start-up into order-preserving `JSONValue`s.
public struct RecordedData: Sendable {
    /// The directory the files were read from.
    public let directory: URL
    private let documents: [RecordedFile: JSONValue]

    /// Reads and parses every `RecordedFile` in `directory`; fails on the first missing or broken one.
    public init(directory: URL) throws(RecordedDataError) {
        var documents: [RecordedFile: JSONValue] = [:]
        for file in RecordedFile.allCases {
            let url = directory.appendingPathComponent(file.rawValue)
            let bytes: Data
            do {
                bytes = try Data(contentsOf: url)
            } catch {
                throw RecordedDataError(file: url.path, problem: "cannot be read")
            }
            do {
                documents[file] = try JSONParser.parse(bytes)
            } catch {
                throw RecordedDataError(file: url.path, problem: error.description)
            }
        }
        self.directory = directory
        self.documents = documents
    }

    /// The parsed document of `file` (always present: `init` fails otherwise).
    public subscript(file: RecordedFile) -> JSONValue {
        documents[file] ?? .null
    }
}
