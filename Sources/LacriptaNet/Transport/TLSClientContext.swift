#if canImport(COpenSSL)
import COpenSSL

/// Reads and clears OpenSSL's per-thread error queue into one line, for error details.
public func openSSLErrorDetail() -> String? {
    var messages: [String] = []
    while case let code = ERR_get_error(), code != 0 {
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        messages.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return messages.isEmpty ? nil : messages.joined(separator: "; ")
}

/// The client-side `SSL_CTX`: verification on against the system trust store plus an optional
/// extra CA bundle, TLS 1.2 or newer, no compression.
final class TLSClientContext {
    /// The OpenSSL context; freed on deinit.
    let context: OpaquePointer

    /// Creates the context; `caFile` is a PEM bundle trusted in addition to the system store.
    init(caFile: String?) throws(NetError) {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_client_method()) else {
            throw NetError(.tlsHandshakeFailed, detail: openSSLErrorDetail())
        }
        self.context = context
        _ = copenssl_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)
        // The protocol above knows where its stream ends (the WebSocket Close handshake, HTTP
        // framing), so a missing close_notify is judged there, not failed here.
        copenssl_SSL_CTX_add_options(context, copenssl_SSL_OP_NO_COMPRESSION() | copenssl_SSL_OP_IGNORE_UNEXPECTED_EOF())
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        guard SSL_CTX_set_default_verify_paths(context) == 1 else {
            throw NetError(.tlsHandshakeFailed, detail: openSSLErrorDetail())
        }
        if let caFile {
            guard SSL_CTX_load_verify_locations(context, caFile, nil) == 1 else {
                ERR_clear_error()
                throw NetError(.caFileUnreadable)
            }
        }
    }

    deinit { SSL_CTX_free(context) }
}
#endif
