import Foundation
import LacriptaNet

#if canImport(Darwin)
import LacriptaURLSession
#endif

/// Picks the right `HTTPTransport` for the platform.
///
/// Here and not in LacriptaNet because the URLSession transport lives in LacriptaURLSession,
/// which this target links on Apple platforms only.
package enum HTTPTransports {
    /// URLSession on Apple platforms (the system stack; `caFile` is not supported there yet);
    /// `NativeHTTPTransport` elsewhere, so Linux builds never link FoundationNetworking and libcurl.
    /// `timeout` is URLSession's session-wide limit; the native transport takes each request's own.
    package static func platformDefault(caFile: String? = nil, timeout: TimeInterval = 15) -> any HTTPTransport {
        #if canImport(Darwin)
        URLSessionHTTPTransport(timeout: timeout)
        #else
        NativeHTTPTransport(caFile: caFile)
        #endif
    }
}
