/// Server-side TLS for the fake server and the simulator, behind a type that exists on every
/// platform: where the package has no OpenSSL (Apple platforms) creating one throws
/// `.tlsUnavailable`.
package final class ServerTLSContext: Sendable {
    #if canImport(COpenSSL)
        private let context: TLSServerContext
    #endif

    /// Loads a PEM certificate chain and private key.
    package init(certificateFile: String, privateKeyFile: String) throws(WebSocketError) {
        #if canImport(COpenSSL)
            context = try TLSServerContext(certificateFile: certificateFile, privateKeyFile: privateKeyFile)
        #else
            throw WebSocketError(.tlsUnavailable)
        #endif
    }

    /// Runs the server handshake on an accepted socket; takes ownership of `fd`.
    package func accept(fileDescriptor fd: Int32, deadline: Deadline) throws -> any ByteStream {
        #if canImport(COpenSSL)
            return try TLSByteStream.accept(fileDescriptor: fd, context: context, deadline: deadline)
        #else
            Posix.close(fd)
            throw WebSocketError(.tlsUnavailable)
        #endif
    }
}
