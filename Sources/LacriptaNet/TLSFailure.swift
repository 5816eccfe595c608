/// Why a TLS connection failed, in the one wording every path uses (REST, the news feeds and
/// wss://), so a user sees the same sentence for the same cause whichever command met it.
///
/// Only an untrusted certificate suggests a CA file: a certificate for another host name, or one
/// out of its dates, is what an attacker in the middle (or a misconfigured server) presents, and
/// trusting another CA would be the wrong fix for it.
public enum TLSFailure: Sendable, Hashable {
    /// The build has no TLS library.
    case unavailable
    /// The server's certificate does not chain to a trusted CA.
    case untrustedCertificate
    /// The certificate is valid, but not for the host name (or address) connected to.
    case hostnameMismatch
    /// The certificate has expired or is not yet valid.
    case certificateExpired
    /// Any other handshake failure (protocol version, cipher, a closed connection).
    case handshakeFailed

    /// The setting that adds a CA bundle to the system's trust, named in the one message that
    /// should suggest it.
    public static let caFileSetting = "LACRIPTA_CA_FILE"

    /// The cause and what to do, for `host` ("api.example.com" or "host:port").
    public func message(host: String) -> String {
        switch self {
        case .unavailable:
            "cannot use TLS for \(host): this build has no TLS library"
        case .untrustedCertificate:
            "the TLS certificate of \(host) is not trusted (it does not chain to a known CA); "
                + "only if \(host) is your own server with a private CA, add that CA with \(Self.caFileSetting)"
        case .hostnameMismatch:
            "the TLS certificate of \(host) is for another host name: check the address (a CA file cannot fix this)"
        case .certificateExpired:
            "the TLS certificate of \(host) has expired or is not yet valid: check this computer's date and time"
        case .handshakeFailed:
            "the TLS handshake with \(host) failed (no protocol version or cipher in common, or the server closed it)"
        }
    }
}

extension NetError.Kind {
    /// The TLS failure this is, or nil for any other kind.
    public var tlsFailure: TLSFailure? {
        switch self {
        case .tlsUnavailable: .unavailable
        case .tlsUntrustedCertificate: .untrustedCertificate
        case .tlsHostnameMismatch: .hostnameMismatch
        case .tlsCertificateExpired: .certificateExpired
        case .tlsHandshakeFailed: .handshakeFailed
        default: nil
        }
    }
}
