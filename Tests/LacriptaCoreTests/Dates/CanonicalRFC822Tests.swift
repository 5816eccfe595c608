import Foundation
import Testing

@testable import LacriptaCore

/// The byte-level reader of the common RFC 822 shape must agree with the tolerant reader on
/// everything it accepts, and leave everything else to it.
@Suite("RFC 822 dates: the fast path for the common shape")
struct CanonicalRFC822Tests {
    @Test("agrees with the tolerant reader on every day, zone and hour of a sampled year")
    func agreesWithTolerantReader() {
        let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let zones = ["GMT", "UTC", "+0000", "-0400", "+0530", "-1200", "+2359"]
        var checked = 0
        for (index, month) in months.enumerated() {
            for day in [1, 9, 10, 28, 29, 30, 31] {
                for zone in zones {
                    let hour = (day + index) % 24
                    let text =
                        "\(weekdays[(day + index) % 7]), \(day < 10 ? "0" : "")\(day) \(month) 2026 \(hour < 10 ? "0" : "")\(hour):07:59 \(zone)"
                    let fast = InternetDate.canonicalRFC822(text)
                    #expect(fast == InternetDate.tolerantRFC822(text), "\(text)")
                    if fast != nil { checked += 1 }
                }
            }
        }
        #expect(checked > 500)
    }

    @Test(
        "shapes it does not take are left to the tolerant reader",
        arguments: [
            "Thu, 16 Jul 2026 12:00 -0400", "16 Jul 2026 12:00:02 GMT", "Thu, 6 Jul 2026 12:00:02 GMT", "Thu, 16 Jul 2026 12:00:02 EST",
            "Thursday, 16 Jul 2026 12:00:02 GMT", "Thu, 16 July 2026 12:00:02 +00:00",
        ])
    func leftToTolerantReader(text: String) {
        #expect(InternetDate.canonicalRFC822(text) == nil)
        #expect(InternetDate.rfc822(text) == InternetDate.tolerantRFC822(text))
    }

    @Test(
        "impossible dates and fields are refused by both",
        arguments: [
            "Thu, 31 Feb 2026 12:00:02 GMT", "Thu, 16 Jul 2026 25:00:02 GMT", "Xyz, 16 Jul 2026 12:00:02 GMT", "Thu, 16 Jux 2026 12:00:02 GMT",
            "Thu, 16 Jul 2026 12:00:02 +2400",
        ])
    func refused(text: String) {
        #expect(InternetDate.canonicalRFC822(text) == nil)
        #expect(InternetDate.rfc822(text) == nil)
    }
}
