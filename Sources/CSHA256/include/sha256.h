#ifndef COURSEBROWSER_SHA256_H
#define COURSEBROWSER_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* SHA-256 as FIPS 180-4 defines it, computed as bytes go by. */
struct cb_sha256 {
    uint32_t state[8];
    uint64_t length;      /* bytes hashed so far */
    uint8_t block[64];    /* bytes of the current block not yet hashed */
    size_t filled;
};

void cb_sha256_init(struct cb_sha256 *context);
void cb_sha256_update(struct cb_sha256 *context, const void *bytes, size_t count);
/* Writes the 32-byte digest; the context is then spent. */
void cb_sha256_finish(struct cb_sha256 *context, uint8_t digest[32]);

/* The same digest from libcrypto's EVP interface, which uses the CPU's SHA instructions where
   it has them. libcrypto is opened at run time (sha256_libcrypto.c), like libcurl, so a machine
   without it still hashes with the functions above. */

/* 0 when libcrypto was found and offers SHA-256; tried once, on the first call. */
int cb_sha256_libcrypto_load(void);
/* 1 when an earlier call opened libcrypto and it offers SHA-256; never opens it itself. */
int cb_sha256_libcrypto_is_open(void);
/* A context ready for bytes, or NULL when libcrypto is missing or out of memory. */
void *cb_sha256_libcrypto_new(void);
/* 1 on success, 0 when libcrypto reports an error. */
int cb_sha256_libcrypto_update(void *context, const void *bytes, size_t count);
int cb_sha256_libcrypto_finish(void *context, uint8_t digest[32]);
void cb_sha256_libcrypto_free(void *context);

#endif
