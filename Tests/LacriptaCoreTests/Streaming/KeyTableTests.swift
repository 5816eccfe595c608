import LacriptaTestSupport
import Testing

@testable import LacriptaCore

@Suite("The streamer key table")
struct KeyTableTests {
    @Test("every key the parser reads is found, from a message and from a padded copy alike")
    func everyKeyIsFound() {
        for (name, key) in StreamerKey.all {
            let bytes = Array(name.utf8) + Array(repeating: UInt8(ascii: "\""), count: KeyWords.capacity)
            let loaded = bytes.withUnsafeBytes { KeyWords(at: $0.baseAddress.unsafelyUnwrapped, length: name.utf8.count) }
            #expect(loaded == KeyWords(bytes: Array(name.utf8)), "\(name)")
            #expect(StreamerKey.table.lookup(loaded) == key, "\(name)")
        }
    }

    @Test("a key that differs from a known one in any single byte, or in length, is not taken for it")
    func nearMissesAreNotConfused() {
        for (name, key) in StreamerKey.all {
            let bytes = Array(name.utf8)
            for index in bytes.indices {
                var changed = bytes
                changed[index] = changed[index] == UInt8(ascii: "Z") ? UInt8(ascii: "Y") : UInt8(ascii: "Z")
                #expect(StreamerKey.table.lookup(KeyWords(bytes: changed)) != key, "\(String(decoding: changed, as: UTF8.self))")
            }
            #expect(StreamerKey.table.lookup(KeyWords(bytes: bytes.dropLast())) != key)
            #expect(StreamerKey.table.lookup(KeyWords(bytes: bytes + [UInt8(ascii: "X")])) != key)
        }
    }

    @Test("keys alike but for the middle (RATELIMIT_MAX_SECOND, RATELIMIT_MAX_MINUTE) parse apart, at the end of a buffer too")
    func middleBytesCount() {
        let welcome =
            #"{"TYPE":"20","MESSAGE":"STREAMERWELCOME","RATELIMIT_MAX_SECOND":30,"RATELIMIT_MAX_MINUTE":60,"RATELIMIT_REMAINING_MONTH":19861,"RATELIMIT_REMAINING_DAY":1}"#
        guard case .welcome(let parsed) = StreamerMessage.parse(welcome) else {
            Issue.record("not a welcome")
            return
        }
        #expect(parsed.rateLimitMax.second == 30)
        #expect(parsed.rateLimitMax.minute == 60)
        #expect(parsed.rateLimitRemaining.month == 19861)
        #expect(parsed.rateLimitRemaining.day == 1)
    }
}
