/// A message from a streamer client, as the v2 protocol knows them: only SubAdd and SubRemove.
enum StreamClientRequest: Sendable, Equatable {
    /// `{"action":"SubAdd","subs":[…]}`.
    case subAdd([String])
    /// `{"action":"SubRemove","subs":[…]}`.
    case subRemove([String])
    /// Not a JSON object (answered with 500 INVALID_JSON).
    case invalidJSON
    /// JSON, but an unknown action or a missing or malformed `subs` (500 INVALID_PARAMETER);
    /// carries the name of the offending key.
    case invalidParameter(String)

    /// The action names, spelled as the service documents them.
    enum Action {
        static let subAdd = "SubAdd"
        static let subRemove = "SubRemove"
    }

    /// Parses one client message. Binary messages and invalid UTF-8 count as invalid JSON.
    static func parse(_ payload: [UInt8]) -> StreamClientRequest {
        guard let document = try? JSONParser.parse(payload), document.objectMembers != nil else { return .invalidJSON }
        guard let action = document["action"]?.stringValue, action == Action.subAdd || action == Action.subRemove else {
            return .invalidParameter("action")
        }
        guard let elements = document["subs"]?.arrayElements else { return .invalidParameter("subs") }
        let subs = elements.compactMap(\.stringValue)
        guard subs.count == elements.count else { return .invalidParameter("subs") }
        return action == Action.subAdd ? .subAdd(subs) : .subRemove(subs)
    }
}
