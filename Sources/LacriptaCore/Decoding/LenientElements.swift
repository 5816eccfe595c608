import Foundation

/// An array decoded element by element, so one malformed element is dropped instead of failing
/// the whole response: one odd coin must not hide fifty good ones.
///
/// When every element fails (and there was at least one), the first element's error is thrown:
/// that is a changed schema, not an odd coin, and the error names the field path
/// (`[0].symbol: missing field`).
struct LenientElements<Element: Decodable>: Decodable {
    /// One element: decoded, or the reason it could not be.
    private struct Attempt: Decodable {
        let result: Result<Element, DecodingError>

        init(from decoder: any Decoder) throws {
            do {
                result = .success(try Element(from: decoder))
            } catch let error as DecodingError {
                result = .failure(error)
            } catch {
                result = .failure(.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(error)")))
            }
        }
    }

    private let attempts: [Attempt]

    init(from decoder: any Decoder) throws {
        attempts = try [Attempt](from: decoder)
    }

    /// The elements that decoded, each with its position in the array as sent.
    func elements() throws(DecodingError) -> [(offset: Int, element: Element)] {
        var decoded: [(offset: Int, element: Element)] = []
        var firstError: DecodingError?
        for (offset, attempt) in attempts.enumerated() {
            switch attempt.result {
            case .success(let element): decoded.append((offset, element))
            case .failure(let error): firstError = firstError ?? error
            }
        }
        if decoded.isEmpty, let firstError { throw firstError }
        return decoded
    }
}

/// Runs `JSONDecoder` and keeps its error typed: anything that is not a `DecodingError` (there
/// should be none) becomes one at the top level, so callers can always name a field path.
enum TypedJSON {
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws(DecodingError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(error)"))
        }
    }
}
