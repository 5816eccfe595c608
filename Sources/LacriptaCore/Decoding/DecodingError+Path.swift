/// Describes a `DecodingError` as the JSON path that failed and why, for the user-facing message
/// ("Data[3].CoinInfo.Name: expected a string").
extension DecodingError {
    /// A one-line description naming the field path.
    var pathDescription: String {
        switch self {
        case .typeMismatch(let type, let context):
            return "\(Self.path(context.codingPath)): expected \(Self.typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(Self.path(context.codingPath)): missing \(Self.typeName(type)) value"
        case .keyNotFound(let key, let context):
            return "\(Self.path(context.codingPath + [key])): missing field"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(Self.path(context.codingPath)): invalid value"
        @unknown default:
            return "unreadable response"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let index = key.intValue {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return out.isEmpty ? "(top level)" : out
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type, is Int64.Type: "a number"
        case is Bool.Type: "true or false"
        default: "an object or array"
        }
    }
}
