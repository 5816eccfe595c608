import Foundation

/// The code and message of a CoinGecko JSON error body, whichever of its four shapes it uses.
///
/// Shapes (keyless reference §1.12), all recorded:
/// `{"status":{"error_code":429,"error_message":"…"}}`,
/// `{"error":{"status":{"timestamp":"…","error_code":10012,"error_message":"…"}}}`,
/// `{"timestamp":"…","error_code":10011,"status":{"error_message":"…"}}` and
/// `{"error":"coin not found"}`.
struct CoinGeckoErrorBody: Equatable {
    /// `error_code`, when present.
    var code: Int?
    /// `error_message` or the `error` string, when present.
    var message: String?

    init(code: Int?, message: String?) {
        self.code = code
        self.message = message
    }

    /// Reads `body`; nil when it is not a JSON object in one of the error shapes.
    init?(_ body: Data) {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return nil }
        if let text = object["error"] as? String {
            self.init(code: nil, message: text)
            return
        }
        // The status object sits at the top, or under "error"; the code beside it or inside it.
        let holder = (object["error"] as? [String: Any]) ?? object
        guard let status = holder["status"] as? [String: Any] else { return nil }
        let code = Self.integer(status["error_code"]) ?? Self.integer(holder["error_code"])
        let message = status["error_message"] as? String
        guard code != nil || message != nil else { return nil }
        self.init(code: code, message: message)
    }

    /// A whole number from a JSON value (`NSNumber` or numeric string), never trapping.
    private static func integer(_ value: Any?) -> Int? {
        if let number = value as? NSNumber {
            let double = number.doubleValue
            guard double.isFinite, double == double.rounded(), abs(double) < 1e15 else { return nil }
            return number.intValue
        }
        if let text = value as? String { return Int(text) }
        return nil
    }
}
