import Foundation

/// The recorded streamer messages the fake replays verbatim or reshapes, read from
/// `stream-session-btc-eth.jsonl` and `stream-errors.jsonl` in the data directory.
///
/// Messages a client must survive byte-for-byte (401 with the documentation's odd spacing, 429,
/// FORCE_DISCONNECT) are kept as their exact text; the rest are parsed so fields can be replaced.
struct StreamRecordings: Sendable {
    /// The recorded session (one server message per line).
    static let sessionFile = "stream-session-btc-eth.jsonl"
    /// The recorded error messages.
    static let errorsFile = "stream-errors.jsonl"

    /// The recorded STREAMERWELCOME (TYPE 20), parsed.
    let welcome: JSONValue
    /// The recorded TYPE 401 UNAUTHORIZED line, verbatim.
    let unauthorized: String
    /// The recorded TYPE 429 TOO_MANY_SOCKETS_MAX_1_PER_CLIENT line, verbatim.
    let tooManySockets: String
    /// The recorded TYPE 500 FORCE_DISCONNECT line, verbatim.
    let forceDisconnect: String
    /// The recorded INVALID_SUB INFO, with `invalidSubPlaceholder` where the FROM symbol goes.
    private let invalidSubInfo: String
    /// The FROM symbol of the recorded INVALID_SUB (`FOO`).
    private let invalidSubPlaceholder: String
    /// The recorded SUBSCRIPTION_UNRECOGNIZED INFO.
    let unrecognizedInfo: String
    /// The recorded LOADCOMPLETE INFO.
    let loadCompleteInfo: String

    /// Reads both files; fails naming the file when one is missing or lacks a message.
    init(directory: URL) throws(RecordedDataError) {
        let session = try Self.lines(of: Self.sessionFile, in: directory)
        let errors = try Self.lines(of: Self.errorsFile, in: directory)
        func find(
            _ lines: [(text: String, json: JSONValue)], _ file: String, type: String, message: String
        )
            throws(RecordedDataError) -> (text: String, json: JSONValue)
        {
            guard let line = lines.first(where: { $0.json["TYPE"]?.stringValue == type && $0.json["MESSAGE"]?.stringValue == message })
            else { throw RecordedDataError(file: file, problem: "has no TYPE \(type) \(message) line") }
            return line
        }
        welcome = try find(session, Self.sessionFile, type: "20", message: "STREAMERWELCOME").json
        loadCompleteInfo = try find(session, Self.sessionFile, type: "3", message: "LOADCOMPLETE").json["INFO"]?.stringValue ?? ""
        unauthorized = try find(errors, Self.errorsFile, type: "401", message: "UNAUTHORIZED").text
        tooManySockets = try find(errors, Self.errorsFile, type: "429", message: "TOO_MANY_SOCKETS_MAX_1_PER_CLIENT").text
        forceDisconnect = try find(errors, Self.errorsFile, type: "500", message: "FORCE_DISCONNECT").text
        let invalid = try find(errors, Self.errorsFile, type: "500", message: "INVALID_SUB").json
        invalidSubInfo = invalid["INFO"]?.stringValue ?? ""
        invalidSubPlaceholder = StreamPair.fromSymbol(ofSubscription: invalid["PARAMETER"]?.stringValue ?? "")
        unrecognizedInfo = try find(errors, Self.errorsFile, type: "500", message: "SUBSCRIPTION_UNRECOGNIZED").json["INFO"]?.stringValue ?? ""
    }

    /// The INVALID_SUB INFO for a subscription whose base symbol is `from`.
    func invalidSubInfo(from: String) -> String {
        guard !invalidSubPlaceholder.isEmpty, let range = invalidSubInfo.range(of: invalidSubPlaceholder) else { return invalidSubInfo }
        return invalidSubInfo.replacingCharacters(in: range, with: from)
    }

    /// The non-empty lines of `file`, each with its parsed JSON.
    private static func lines(of file: String, in directory: URL) throws(RecordedDataError) -> [(text: String, json: JSONValue)] {
        let url = directory.appendingPathComponent(file)
        guard let data = try? Data(contentsOf: url) else { throw RecordedDataError(file: url.path, problem: "cannot be read") }
        var result: [(text: String, json: JSONValue)] = []
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
            do {
                result.append((String(line), try JSONParser.parse(String(line))))
            } catch {
                throw RecordedDataError(file: url.path, problem: "line \(result.count + 1): \(error.description)")
            }
        }
        return result
    }
}
