import LacriptaNet

/// The HTTP/1.1 response parser: the outcome of a response must not depend on how it was read.
enum HTTPFuzz {
    /// A body limit the fuzzer can reach, beside the client's usual one.
    static let limits = [512, 8 << 20]

    /// Parses the input read whole, in random reads and (when short) byte by byte, with the
    /// stream ending after it, and checks that all three give the same response or failure.
    static func response(_ input: [UInt8]) throws(FuzzFailure) {
        for limit in limits {
            let whole = parse([input[...]], limit: limit)
            let reads = parse(FuzzInput.reads(input, typical: 16), limit: limit)
            try FuzzFailure.check(reads == whole, "the response differs when split into reads (limit \(limit)): \(whole) vs \(reads)")
            // Byte by byte is a parser call per byte: kept to inputs up to 1 KB, where it is cheap.
            if input.count <= 1024 {
                let single = parse(FuzzInput.bytes(input), limit: limit)
                try FuzzFailure.check(single == whole, "the response differs when read byte by byte (limit \(limit)): \(whole) vs \(single)")
            }
        }
    }

    /// Feeds `reads` to one parser, then ends the stream unless the response completed first.
    static func parse(_ reads: [ArraySlice<UInt8>], limit: Int) -> Result<HTTPResponse, HTTPResponseParser.Failure> {
        var parser = HTTPResponseParser(maxSize: limit)
        do {
            for read in reads {
                if case .complete(let response) = try parser.parse(read) { return .success(response) }
            }
            return .success(try parser.endOfStream())
        } catch {
            return .failure(error)
        }
    }
}
