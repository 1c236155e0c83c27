#ifndef COURSEBROWSER_CCURL_SHIM_H
#define COURSEBROWSER_CCURL_SHIM_H

#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift can't call;
   these typed wrappers take one kind of argument each. */

static inline CURLcode cb_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cb_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cb_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cb_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode cb_setopt_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*cb_data_callback)(char *buffer, size_t size, size_t count, void *context);
typedef int (*cb_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                    curl_off_t upload_total, curl_off_t uploaded);
typedef int (*cb_seek_callback)(void *context, curl_off_t offset, int origin);

static inline CURLcode cb_setopt_data_callback(CURL *handle, CURLoption option, cb_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode cb_setopt_progress_callback(CURL *handle, cb_progress_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode cb_setopt_seek_callback(CURL *handle, cb_seek_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, callback);
}

static inline CURLcode cb_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode cb_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode cb_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

/* The result of a finished transfer sits in a union Swift reads awkwardly. */
static inline CURLcode cb_message_result(const CURLMsg *message) {
    return message->data.result;
}

static inline int cb_message_is_done(const CURLMsg *message) {
    return message->msg == CURLMSG_DONE;
}

static inline size_t cb_read_abort(void) { return CURL_READFUNC_ABORT; }
static inline int cb_seek_cant_seek(void) { return CURL_SEEKFUNC_CANTSEEK; }
static inline int cb_seek_ok(void) { return CURL_SEEKFUNC_OK; }

#endif
