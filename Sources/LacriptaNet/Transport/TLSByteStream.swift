#if canImport(COpenSSL)
import COpenSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TLS `ByteStream` over a non-blocking socket (system OpenSSL), client or server side.
///
/// Retries follow SSL_get_error(3): WANT_READ/WANT_WRITE say which readiness to poll for,
/// whichever operation asked. Bytes already decrypted inside the SSL object are invisible to
/// poll, which is why `hasBufferedBytes` exists.
///
/// The client side (`connect`) is what lacripta ships. The server side (`accept`) takes an
/// `SSL_CTX` made elsewhere, so certificates and keys stay with the fake servers
/// (`LacriptaNetServer`) while the record-level code exists once.
public final class TLSByteStream: ByteStream {
    private var ssl: OpaquePointer?
    private var closeNotifySent = false
    public private(set) var fileDescriptor: Int32
    /// Keeps the SSL_CTX alive as long as the SSL that references it.
    private let owner: AnyObject

    private init(ssl: OpaquePointer, fileDescriptor: Int32, owner: AnyObject) {
        self.ssl = ssl
        self.fileDescriptor = fileDescriptor
        self.owner = owner
    }

    /// Runs the client handshake on a connected socket, verifying the certificate for `host`.
    /// Takes ownership of `fd`: it is closed when the stream is, also when the handshake fails.
    static func connect(
        fileDescriptor fd: Int32, host: String, context: TLSClientContext,
        deadline: Deadline, wake: WakePipe?, isCancelled: () -> Bool, endpoint: String
    ) throws(NetError) -> TLSByteStream {
        Posix.ignoreSIGPIPE
        ERR_clear_error()
        guard let ssl = SSL_new(context.context) else {
            Posix.close(fd)
            throw NetError(.tlsHandshakeFailed, endpoint: endpoint, detail: openSSLErrorDetail())
        }
        let stream = TLSByteStream(ssl: ssl, fileDescriptor: fd, owner: context)
        _ = copenssl_SSL_set_mode(ssl, Int(SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_ENABLE_PARTIAL_WRITE))
        SSL_set_fd(ssl, fd)
        if !Self.isIPLiteral(host) { _ = copenssl_SSL_set_tlsext_host_name(ssl, host) }  // RFC 6066: no IPs in SNI
        guard SSL_set1_host(ssl, host) == 1 else {
            throw NetError(.tlsHandshakeFailed, endpoint: endpoint, detail: openSSLErrorDetail())
        }
        let alpn: [UInt8] = [8] + Array("http/1.1".utf8)
        _ = SSL_set_alpn_protos(ssl, alpn, UInt32(alpn.count))  // returns 0 on success; optional anyway
        try stream.handshake(deadline: deadline, wake: wake, isCancelled: isCancelled, endpoint: endpoint) { SSL_connect($0) }
        return stream
    }

    /// True for IPv4 and IPv6 literals, which SNI must not carry (RFC 6066 §3).
    static func isIPLiteral(_ host: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1
    }

    /// Runs the server handshake on an accepted socket with `context`, a server `SSL_CTX`
    /// that `owner` keeps alive as long as the stream. Takes ownership of `fd`.
    public static func accept(
        fileDescriptor fd: Int32, context: OpaquePointer, owner: AnyObject, deadline: Deadline
    ) throws(NetError) -> TLSByteStream {
        Posix.ignoreSIGPIPE
        ERR_clear_error()
        guard let ssl = SSL_new(context) else {
            Posix.close(fd)
            throw NetError(.tlsHandshakeFailed, detail: openSSLErrorDetail())
        }
        let stream = TLSByteStream(ssl: ssl, fileDescriptor: fd, owner: owner)
        _ = copenssl_SSL_set_mode(ssl, Int(SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_ENABLE_PARTIAL_WRITE))
        SSL_set_fd(ssl, fd)
        try stream.handshake(deadline: deadline, wake: nil, isCancelled: { false }, endpoint: "client") { SSL_accept($0) }
        return stream
    }

    /// Drives SSL_connect/SSL_accept to completion, polling as OpenSSL asks.
    private func handshake(
        deadline: Deadline, wake: WakePipe?, isCancelled: () -> Bool, endpoint: String, step: (OpaquePointer) -> Int32
    ) throws(NetError) {
        guard let ssl else { throw NetError(.tlsHandshakeFailed, endpoint: endpoint) }
        while true {
            ERR_clear_error()
            let result = step(ssl)
            if result == 1 { return }
            let code = SSL_get_error(ssl, result)
            guard code == SSL_ERROR_WANT_READ || code == SSL_ERROR_WANT_WRITE else {
                throw handshakeError(code: code, endpoint: endpoint)
            }
            let ready = Posix.wait(
                fileDescriptor, readable: code == SSL_ERROR_WANT_READ, writable: code == SSL_ERROR_WANT_WRITE,
                wake: wake?.readEnd, timeout: deadline.remainingMilliseconds)
            if ready.woken {
                wake?.drain()
                if isCancelled() { throw NetError(.cancelled, endpoint: endpoint) }
            }
            if deadline.hasPassed { throw NetError(.timedOut, endpoint: endpoint) }
        }
    }

    /// Turns a failed handshake into the error a user can act on.
    private func handshakeError(code: Int32, endpoint: String) -> NetError {
        let detail = openSSLErrorDetail()
        guard let ssl else { return NetError(.tlsHandshakeFailed, endpoint: endpoint) }
        let verify = Int32(truncatingIfNeeded: SSL_get_verify_result(ssl))
        if verify != X509_V_OK {
            let reason = String(cString: X509_verify_cert_error_string(Int(verify)))
            switch verify {
            case X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH:
                return NetError(.tlsHostnameMismatch, endpoint: endpoint, detail: reason)
            case X509_V_ERR_CERT_HAS_EXPIRED, X509_V_ERR_CERT_NOT_YET_VALID:
                return NetError(.tlsCertificateExpired, endpoint: endpoint, detail: reason)
            case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN,
                X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT,
                X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE, X509_V_ERR_CERT_UNTRUSTED:
                return NetError(.tlsUntrustedCertificate, endpoint: endpoint, detail: reason)
            default:
                return NetError(.tlsHandshakeFailed, endpoint: endpoint, detail: reason)
            }
        }
        if code == SSL_ERROR_SYSCALL || code == SSL_ERROR_ZERO_RETURN {
            return NetError(.tlsHandshakeFailed, endpoint: endpoint, detail: detail ?? "the peer closed the connection during the TLS handshake")
        }
        return NetError(.tlsHandshakeFailed, endpoint: endpoint, detail: detail)
    }

    /// Decrypted bytes wait inside the SSL object, invisible to poll.
    public var hasBufferedBytes: Bool {
        guard let ssl else { return false }
        // SSL_pending, not SSL_has_pending: the latter also counts a partial record, which
        // SSL_read cannot return yet, and would make the poll loop spin.
        return SSL_pending(ssl) > 0
    }

    /// SSL_read, mapped through SSL_get_error.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(NetError) -> IOResult {
        guard let ssl else { return .closed }
        ERR_clear_error()
        let count = SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
        if count > 0 { return .transferred(Int(count)) }
        return try interpret(SSL_get_error(ssl, count))
    }

    /// SSL_write (partial writes enabled), mapped through SSL_get_error.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(NetError) -> IOResult {
        guard let ssl else { return .closed }
        guard bytes.count > 0 else { return .transferred(0) }
        ERR_clear_error()
        let count = SSL_write(ssl, bytes.baseAddress, Int32(clamping: bytes.count))
        if count > 0 { return .transferred(Int(count)) }
        return try interpret(SSL_get_error(ssl, count))
    }

    /// Maps SSL_get_error after a failed read or write.
    private func interpret(_ code: Int32) throws(NetError) -> IOResult {
        switch code {
        case SSL_ERROR_WANT_READ: return .wouldBlock(waitForWritable: false)
        case SSL_ERROR_WANT_WRITE: return .wouldBlock(waitForWritable: true)
        case SSL_ERROR_ZERO_RETURN: return .closed
        case SSL_ERROR_SYSCALL:
            let errnoValue = Posix.errorNumber
            let detail = openSSLErrorDetail() ?? (errnoValue == 0 ? nil : Posix.describe(errnoValue))
            guard let detail else { return .closed }  // EOF without close_notify
            throw NetError(.connectionLost, detail: detail)
        default:
            throw NetError(.connectionLost, detail: openSSLErrorDetail() ?? "TLS error")
        }
    }

    /// Sends close_notify (once), then shuts down the socket's sending side.
    public func shutdownWrite() {
        sendCloseNotify()
        guard fileDescriptor >= 0 else { return }
        Posix.shutdownWrite(fileDescriptor)
    }

    /// One best-effort close_notify; we do not wait for the peer's.
    private func sendCloseNotify() {
        guard let ssl, !closeNotifySent else { return }
        closeNotifySent = true
        ERR_clear_error()
        _ = SSL_shutdown(ssl)
        ERR_clear_error()
    }

    /// Sends close_notify once, frees the SSL object and closes the socket.
    public func close() {
        if let ssl {
            sendCloseNotify()
            SSL_free(ssl)
            self.ssl = nil
        }
        if fileDescriptor >= 0 {
            Posix.close(fileDescriptor)
            fileDescriptor = -1
        }
    }

    deinit { close() }
}
#endif
