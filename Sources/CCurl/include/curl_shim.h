#ifndef COURSEBROWSER_CCURL_SHIM_H
#define COURSEBROWSER_CCURL_SHIM_H

#include <curl/curl.h>

/* libcurl is opened when the first request needs it (curl_loader.c), not linked: an
   offline start then loads none of the thirty libraries libcurl brings, and a machine
   without libcurl still browses its catalogs. Every libcurl call goes through this table. */
struct cb_curl_api {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout, int *ready);
    CURLMcode (*multi_wakeup)(CURLM *multi);
    CURLMcode (*multi_timeout)(CURLM *multi, long *milliseconds);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *waiting);
    CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
};

/* Opens libcurl and initialises it, once; 0 when that worked, else -1 with the reason
   in cb_curl_load_error(). */
int cb_curl_load(void);
const char *cb_curl_load_error(void);
/* Whether a run with these arguments and environment names the site it goes online to at once
   (`--canvas`, `--moodle`, `--course` with a web address, CANVAS_URL, MOODLE_URL, or the default profile's saved
   login), and no offline command or option. */
int cb_curl_site_named(int count, char **arguments, char **environment);
/* For such a run, starts opening libcurl on a thread of its own; the process's exit waits for it. */
void cb_curl_open_early(int count, char **arguments, char **environment);
/* The table; only valid after cb_curl_load() returned 0. */
const struct cb_curl_api *cb_curl(void);

static inline CURL *cb_easy_init(void) { return cb_curl()->easy_init(); }
static inline void cb_easy_cleanup(CURL *handle) { cb_curl()->easy_cleanup(handle); }
static inline struct curl_slist *cb_slist_append(struct curl_slist *list, const char *text) {
    return cb_curl()->slist_append(list, text);
}
static inline void cb_slist_free_all(struct curl_slist *list) { cb_curl()->slist_free_all(list); }
static inline CURLM *cb_multi_init(void) { return cb_curl()->multi_init(); }
static inline CURLMcode cb_multi_cleanup(CURLM *multi) { return cb_curl()->multi_cleanup(multi); }
static inline CURLMcode cb_multi_add_handle(CURLM *multi, CURL *handle) { return cb_curl()->multi_add_handle(multi, handle); }
static inline CURLMcode cb_multi_remove_handle(CURLM *multi, CURL *handle) { return cb_curl()->multi_remove_handle(multi, handle); }
static inline CURLMcode cb_multi_perform(CURLM *multi, int *running) { return cb_curl()->multi_perform(multi, running); }
static inline CURLMcode cb_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout, int *ready) {
    return cb_curl()->multi_poll(multi, extra, count, timeout, ready);
}
static inline CURLMcode cb_multi_wakeup(CURLM *multi) { return cb_curl()->multi_wakeup(multi); }
static inline CURLMcode cb_multi_timeout(CURLM *multi, long *milliseconds) { return cb_curl()->multi_timeout(multi, milliseconds); }
static inline CURLMsg *cb_multi_info_read(CURLM *multi, int *waiting) { return cb_curl()->multi_info_read(multi, waiting); }
static inline CURLMcode cb_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return cb_curl()->multi_setopt(multi, option, value);
}

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift can't call;
   these typed wrappers take one kind of argument each. */

static inline CURLcode cb_setopt_long(CURL *handle, CURLoption option, long value) {
    return cb_curl()->easy_setopt(handle, option, value);
}

static inline CURLcode cb_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return cb_curl()->easy_setopt(handle, option, value);
}

static inline CURLcode cb_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return cb_curl()->easy_setopt(handle, option, value);
}

static inline CURLcode cb_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return cb_curl()->easy_setopt(handle, option, value);
}

static inline CURLcode cb_setopt_list(CURL *handle, CURLoption option, struct curl_slist *value) {
    return cb_curl()->easy_setopt(handle, option, value);
}

typedef size_t (*cb_data_callback)(char *buffer, size_t size, size_t count, void *context);
typedef int (*cb_progress_callback)(void *context, curl_off_t download_total, curl_off_t downloaded,
                                    curl_off_t upload_total, curl_off_t uploaded);
typedef int (*cb_seek_callback)(void *context, curl_off_t offset, int origin);

static inline CURLcode cb_setopt_data_callback(CURL *handle, CURLoption option, cb_data_callback callback) {
    return cb_curl()->easy_setopt(handle, option, callback);
}

static inline CURLcode cb_setopt_progress_callback(CURL *handle, cb_progress_callback callback) {
    return cb_curl()->easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

static inline CURLcode cb_setopt_seek_callback(CURL *handle, cb_seek_callback callback) {
    return cb_curl()->easy_setopt(handle, CURLOPT_SEEKFUNCTION, callback);
}

static inline CURLcode cb_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return cb_curl()->easy_getinfo(handle, info, value);
}

static inline CURLcode cb_getinfo_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return cb_curl()->easy_getinfo(handle, info, value);
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

/* Starts writing `count` bytes of `fd` from `offset` to the disk without waiting for them
   (sync_file_range, writeback.c): a download's closing fsync then has little left to wait for. */
int cb_start_writeback(int fd, long long offset, long long count);

#endif
