import Foundation

/// A number CryptoCompare may send as a JSON number or as a numeric string (`FLAGS: "2"`,
/// `upvotes: "0"`, `LASTTRADEID: "981225884"`). Anything else decodes as nil instead of failing the
/// whole response, because one odd field must not hide fifty good coins.
struct LenientDouble: Decodable, Sendable {
    let value: Double?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else if let number = try? container.decode(Double.self) {
            value = number.isFinite ? number : nil
        } else if let text = try? container.decode(String.self) {
            value = Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        } else {
            value = nil
        }
    }
}

/// A string CryptoCompare may send as a string or a number (ids moved between both over the years).
struct LenientString: Decodable, Sendable {
    let value: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = text
        } else if let integer = try? container.decode(Int64.self) {
            value = String(integer)
        } else if let number = try? container.decode(Double.self) {
            value = String(number)
        } else {
            value = nil
        }
    }
}

extension KeyedDecodingContainer {
    /// A lenient number for `key`, nil when absent or unusable.
    func lenientDouble(_ key: Key) -> Double? {
        (try? decodeIfPresent(LenientDouble.self, forKey: key))?.flatMap(\.value)
    }

    /// A lenient string for `key`, nil when absent or unusable.
    func lenientString(_ key: Key) -> String? {
        (try? decodeIfPresent(LenientString.self, forKey: key))?.flatMap(\.value)
    }
}

/// A coding key built from any string, for objects keyed by data (`RAW.USD`) or with many fields.
struct AnyKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
