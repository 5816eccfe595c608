#if canImport(COpenSSL)
    import COpenSSL

    /// Reads and clears OpenSSL's per-thread error queue into one line, for error details.
    func openSSLErrorDetail() -> String? {
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
    package final class TLSClientContext {
        /// The OpenSSL context; freed on deinit.
        let context: OpaquePointer

        /// Creates the context; `caFile` is a PEM bundle trusted in addition to the system store.
        package init(caFile: String?) throws(WebSocketError) {
            ERR_clear_error()
            guard let context = SSL_CTX_new(TLS_client_method()) else {
                throw WebSocketError(.tlsHandshakeFailed, detail: openSSLErrorDetail())
            }
            self.context = context
            _ = copenssl_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)
            // The WebSocket Close handshake is the real end of stream; a missing close_notify is
            // judged by the connection state machine (after Close: clean; before: 1006).
            copenssl_SSL_CTX_add_options(context, copenssl_SSL_OP_NO_COMPRESSION() | copenssl_SSL_OP_IGNORE_UNEXPECTED_EOF())
            SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
            guard SSL_CTX_set_default_verify_paths(context) == 1 else {
                throw WebSocketError(.tlsHandshakeFailed, detail: openSSLErrorDetail())
            }
            if let caFile {
                guard SSL_CTX_load_verify_locations(context, caFile, nil) == 1 else {
                    ERR_clear_error()
                    throw WebSocketError(.caFileUnreadable)
                }
            }
        }

        deinit { SSL_CTX_free(context) }
    }

    /// The server-side `SSL_CTX` of the fake server and simulator: one certificate chain and key.
    package final class TLSServerContext: @unchecked Sendable {
        // @unchecked: the SSL_CTX is fully configured in init and only read afterwards (SSL_new),
        // which OpenSSL allows from several threads (openssl-threads(7)).
        let context: OpaquePointer

        /// Loads a PEM certificate chain and private key.
        package init(certificateFile: String, privateKeyFile: String) throws(WebSocketError) {
            ERR_clear_error()
            guard let context = SSL_CTX_new(TLS_server_method()) else {
                throw WebSocketError(.tlsHandshakeFailed, detail: openSSLErrorDetail())
            }
            self.context = context
            _ = copenssl_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)
            copenssl_SSL_CTX_add_options(context, copenssl_SSL_OP_NO_COMPRESSION() | copenssl_SSL_OP_IGNORE_UNEXPECTED_EOF())
            guard SSL_CTX_use_certificate_chain_file(context, certificateFile) == 1,
                SSL_CTX_use_PrivateKey_file(context, privateKeyFile, SSL_FILETYPE_PEM) == 1,
                SSL_CTX_check_private_key(context) == 1
            else {
                throw WebSocketError(.caFileUnreadable, detail: openSSLErrorDetail())
            }
        }

        deinit { SSL_CTX_free(context) }
    }
#endif
