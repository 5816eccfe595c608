import LacriptaNet

#if canImport(COpenSSL)
import COpenSSL
#endif

/// Server-side TLS for the fake servers and the simulator: one certificate chain and key, behind
/// a type that exists on every platform. Where the package has no OpenSSL (Apple platforms)
/// creating one throws `.tlsUnavailable`.
///
/// Only servers load certificates and keys, so this lives apart from the client library; the
/// record-level work is `TLSByteStream`'s, the same code the client runs.
public final class ServerTLSContext: Sendable {
    #if canImport(COpenSSL)
    private let context: ServerContext
    #endif

    /// Loads a PEM certificate chain and private key.
    public init(certificateFile: String, privateKeyFile: String) throws(NetError) {
        #if canImport(COpenSSL)
        context = try ServerContext(certificateFile: certificateFile, privateKeyFile: privateKeyFile)
        #else
        throw NetError(.tlsUnavailable)
        #endif
    }

    /// Runs the server handshake on an accepted socket; takes ownership of `fd`.
    public func accept(fileDescriptor fd: Int32, deadline: Deadline) throws(NetError) -> any ByteStream {
        #if canImport(COpenSSL)
        return try TLSByteStream.accept(fileDescriptor: fd, context: context.context, owner: context, deadline: deadline)
        #else
        Posix.close(fd)
        throw NetError(.tlsUnavailable)
        #endif
    }
}

#if canImport(COpenSSL)
/// The server-side `SSL_CTX`: TLS 1.2 or newer, no compression, one identity.
private final class ServerContext: @unchecked Sendable {
    // @unchecked: the SSL_CTX is fully configured in init and only read afterwards (SSL_new),
    // which OpenSSL allows from several threads (openssl-threads(7)).
    let context: OpaquePointer

    /// Loads a PEM certificate chain and private key.
    init(certificateFile: String, privateKeyFile: String) throws(NetError) {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_server_method()) else {
            throw NetError(.tlsHandshakeFailed, detail: openSSLErrorDetail())
        }
        self.context = context
        _ = copenssl_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)
        copenssl_SSL_CTX_add_options(context, copenssl_SSL_OP_NO_COMPRESSION() | copenssl_SSL_OP_IGNORE_UNEXPECTED_EOF())
        guard SSL_CTX_use_certificate_chain_file(context, certificateFile) == 1,
            SSL_CTX_use_PrivateKey_file(context, privateKeyFile, SSL_FILETYPE_PEM) == 1,
            SSL_CTX_check_private_key(context) == 1
        else {
            throw NetError(.caFileUnreadable, detail: openSSLErrorDetail())
        }
    }

    deinit { SSL_CTX_free(context) }
}
#endif
