/// Builders for the streamer's control messages (TYPE 16, 3, 17, 18, 999, 500), in the compact
/// form real traffic has (the documentation's examples put spaces after commas; captures do not).
enum StreamMessages {
    /// INFO texts no capture or document has; the simulator's own wording, kept short.
    enum UnrecordedInfo {
        static let invalidJSON = "We could not parse your message as JSON."
        static let invalidParameter = "The action must be SubAdd or SubRemove with a subs array of strings."
        static let alreadyActive = "You are already subscribed to this channel."
    }

    /// `{"TYPE":"16","MESSAGE":"SUBSCRIBECOMPLETE","SUB":…}`.
    static func subscribeComplete(_ subscription: String) -> JSONValue {
        control("16", "SUBSCRIBECOMPLETE", [JSONValue.Member("SUB", .string(subscription))])
    }

    /// `{"TYPE":"3","MESSAGE":"LOADCOMPLETE","INFO":…}`.
    static func loadComplete(info: String) -> JSONValue {
        control("3", "LOADCOMPLETE", [JSONValue.Member("INFO", .string(info))])
    }

    /// `{"TYPE":"17","MESSAGE":"UNSUBSCRIBECOMPLETE","SUB":…}`.
    static func unsubscribeComplete(_ subscription: String) -> JSONValue {
        control("17", "UNSUBSCRIBECOMPLETE", [JSONValue.Member("SUB", .string(subscription))])
    }

    /// `{"TYPE":"18","MESSAGE":"UNSUBSCRIBEALLCOMPLETE","INFO":"Removed N subs.","INFO_OBJ":{"valid":N,"invalid":M}}`.
    static func unsubscribeAllComplete(valid: Int, invalid: Int) -> JSONValue {
        control(
            "18", "UNSUBSCRIBEALLCOMPLETE",
            [
                JSONValue.Member("INFO", .string("Removed \(valid) subs.")),
                JSONValue.Member(
                    "INFO_OBJ",
                    .object([
                        JSONValue.Member("valid", .number(String(valid))), JSONValue.Member("invalid", .number(String(invalid))),
                    ])),
            ])
    }

    /// `{"TYPE":"999","MESSAGE":"HEARTBEAT","TIMEMS":…}`.
    static func heartbeat(timeMilliseconds: Int64) -> JSONValue {
        control("999", "HEARTBEAT", [JSONValue.Member("TIMEMS", .number(String(timeMilliseconds)))])
    }

    /// A TYPE 500 error; `parameter` is the offending sub or key, never free client text.
    static func error(_ message: String, parameter: String?, info: String) -> JSONValue {
        var members: [JSONValue.Member] = []
        if let parameter { members.append(JSONValue.Member("PARAMETER", .string(parameter))) }
        members.append(JSONValue.Member("INFO", .string(info)))
        return control("500", message, members)
    }

    private static func control(_ type: String, _ message: String, _ rest: [JSONValue.Member]) -> JSONValue {
        .object([JSONValue.Member("TYPE", .string(type)), JSONValue.Member("MESSAGE", .string(message))] + rest)
    }
}
