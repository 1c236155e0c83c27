#ifndef COURSEBROWSER_CCRYPTO_SHIM_H
#define COURSEBROWSER_CCRYPTO_SHIM_H

#include <openssl/evp.h>

/* SHA-256 through OpenSSL's EVP interface (the SHA256_* calls are deprecated in 3.0).
   libcrypto is already loaded for libcurl's TLS, so this adds no library. */

static inline EVP_MD_CTX *cb_sha256_start(void) {
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    if (context != NULL && EVP_DigestInit_ex(context, EVP_sha256(), NULL) != 1) {
        EVP_MD_CTX_free(context);
        return NULL;
    }
    return context;
}

static inline int cb_sha256_update(EVP_MD_CTX *context, const void *bytes, size_t count) {
    return EVP_DigestUpdate(context, bytes, count);
}

/* Writes the 32-byte digest to `out`. */
static inline int cb_sha256_finish(EVP_MD_CTX *context, unsigned char *out) {
    unsigned int length = 0;
    return EVP_DigestFinal_ex(context, out, &length) == 1 && length == 32;
}

static inline void cb_sha256_free(EVP_MD_CTX *context) {
    EVP_MD_CTX_free(context);
}

#endif
