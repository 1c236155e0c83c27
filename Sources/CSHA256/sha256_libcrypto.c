#include "sha256.h"

#include <dlfcn.h>
#include <pthread.h>

/* The few EVP functions used, with libcrypto's types left opaque: no OpenSSL headers are needed
   to build, and the ABI of these five has not changed since OpenSSL 1.1. */
struct evp_api {
    void *(*ctx_new)(void);
    void (*ctx_free)(void *context);
    const void *(*sha256)(void);
    int (*init)(void *context, const void *type, void *engine);
    int (*update)(void *context, const void *bytes, size_t count);
    int (*finish)(void *context, unsigned char *digest, unsigned int *length);
};

static struct evp_api api;
static int loaded = -1;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void *open_libcrypto(void) {
    /* OpenSSL 3 first; 1.1 has the same five functions under the same names. */
    static const char *const names[] = {"libcrypto.so.3", "libcrypto.so.1.1", "libcrypto.so"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        void *library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (library != NULL) return library;
    }
    return NULL;
}

static void load(void) {
    void *library = open_libcrypto();
    if (library == NULL) return;
    api.ctx_new = (void *(*)(void))dlsym(library, "EVP_MD_CTX_new");
    api.ctx_free = (void (*)(void *))dlsym(library, "EVP_MD_CTX_free");
    api.sha256 = (const void *(*)(void))dlsym(library, "EVP_sha256");
    api.init = (int (*)(void *, const void *, void *))dlsym(library, "EVP_DigestInit_ex");
    api.update = (int (*)(void *, const void *, size_t))dlsym(library, "EVP_DigestUpdate");
    api.finish = (int (*)(void *, unsigned char *, unsigned int *))dlsym(library, "EVP_DigestFinal_ex");
    if (!api.ctx_new || !api.ctx_free || !api.sha256 || !api.init || !api.update || !api.finish) {
        dlclose(library);
        return;
    }
    /* A libcrypto that refuses SHA-256 (a FIPS setup without it) is no use here. */
    void *probe = api.ctx_new();
    int works = probe != NULL && api.init(probe, api.sha256(), NULL) == 1;
    if (probe != NULL) api.ctx_free(probe);
    if (works) {
        __atomic_store_n(&loaded, 0, __ATOMIC_RELEASE);
    } else {
        dlclose(library);
    }
}

int cb_sha256_libcrypto_load(void) {
    pthread_once(&once, load);
    return loaded;
}

int cb_sha256_libcrypto_is_open(void) {
    return __atomic_load_n(&loaded, __ATOMIC_ACQUIRE) == 0;
}

void *cb_sha256_libcrypto_new(void) {
    if (cb_sha256_libcrypto_load() != 0) return NULL;
    void *context = api.ctx_new();
    if (context == NULL) return NULL;
    if (api.init(context, api.sha256(), NULL) != 1) {
        api.ctx_free(context);
        return NULL;
    }
    return context;
}

int cb_sha256_libcrypto_update(void *context, const void *bytes, size_t count) {
    return api.update(context, bytes, count) == 1;
}

int cb_sha256_libcrypto_finish(void *context, uint8_t digest[32]) {
    unsigned int length = 0;
    return api.finish(context, digest, &length) == 1 && length == 32;
}

void cb_sha256_libcrypto_free(void *context) {
    api.ctx_free(context);
}
