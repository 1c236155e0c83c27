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

#endif
