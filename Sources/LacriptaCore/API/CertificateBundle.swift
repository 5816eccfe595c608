import Foundation

/// Makes URLSession trust an extra CA bundle (`LACRIPTA_CA_FILE`).
///
/// On Linux, URLSession is libcurl, and swift-corelibs-foundation reads its CA file from the
/// `URLSessionCertificateAuthorityInfoFile` environment variable, which *replaces* the system
/// bundle. To add rather than replace, the system bundle and the extra one are concatenated into a
/// private temporary file first. On Apple platforms the system trust store applies and an extra
/// bundle would need an authentication-challenge delegate; it is not supported there yet.
enum CertificateBundle {
    /// Where Debian, Ubuntu, Fedora and Alpine keep the system bundle.
    private static let systemBundles = [
        "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem",
    ]

    /// Points libcurl at the system roots plus `extraBundle`.
    static func trust(extraBundle: String) {
        #if os(Linux)
            var combined = Data()
            if let system = systemBundles.lazy.compactMap({ FileManager.default.contents(atPath: $0) }).first {
                combined.append(system)
                combined.append(Data("\n".utf8))
            }
            guard let extra = FileManager.default.contents(atPath: extraBundle) else { return }
            combined.append(extra)
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("lacripta-ca-\(getuid()).pem")
            guard (try? combined.write(to: path, options: .atomic)) != nil else { return }
            // Process-wide by nature: libcurl reads it for every handle this process creates.
            setenv("URLSessionCertificateAuthorityInfoFile", path.path, 1)
        #endif
    }
}
