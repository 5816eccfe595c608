#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H

#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>
#include <openssl/sha.h>
#include <openssl/opensslv.h>

/* Swift cannot import function-like macros; wrap the ones we need. */

static inline long copenssl_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}
static inline long copenssl_SSL_CTX_set_min_proto_version(SSL_CTX *ctx, int version) {
    return SSL_CTX_set_min_proto_version(ctx, version);
}
static inline long copenssl_SSL_set_mode(SSL *ssl, long mode) {
    return SSL_set_mode(ssl, mode);
}
/* SSL_OP_* are SSL_OP_BIT(n) expansions in OpenSSL 3 and cannot be imported. */
static inline uint64_t copenssl_SSL_OP_IGNORE_UNEXPECTED_EOF(void) {
#ifdef SSL_OP_IGNORE_UNEXPECTED_EOF
    return SSL_OP_IGNORE_UNEXPECTED_EOF;
#else
    return 0;
#endif
}
static inline uint64_t copenssl_SSL_OP_NO_COMPRESSION(void) { return SSL_OP_NO_COMPRESSION; }

/* SSL_CTX_set_options takes uint64_t in OpenSSL 3 but unsigned long in 1.1: hide the difference. */
static inline void copenssl_SSL_CTX_add_options(SSL_CTX *ctx, uint64_t options) {
    (void)SSL_CTX_set_options(ctx, options);
}

#endif
