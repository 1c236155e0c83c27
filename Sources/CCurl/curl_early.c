#include "curl_shim.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Opening libcurl holds the dynamic loader's locks for as long as it takes (some thirty
   libraries): meanwhile no thread can be created, and the main thread cannot hand itself over
   to the main queue (its pthread_exit opens the unwinder). Started once the options were parsed
   and the environment set up, the opening kept the command's first request waiting for all of
   it; started first thing in main, it runs beside those. Only for a run that names its site, so
   a start with the sample catalog or a command that only touches the queue loads nothing it
   doesn't need; every other run still opens libcurl once the site is known (HTTPEngine.prepare).
   (Not from a constructor: the Swift runtime's own, which looks up its path with dladdr, would
   wait for the whole opening.) */

static pthread_t early_thread;
static int early_started = 0;

static int is(const char *argument, const char *option) {
    size_t length = strlen(option);
    return strncmp(argument, option, length) == 0 && (argument[length] == 0 || argument[length] == '=');
}

static const char *variable(char **environment, const char *name) {
    size_t length = strlen(name);
    for (char **entry = environment; entry && *entry; entry++) {
        if (strncmp(*entry, name, length) == 0 && (*entry)[length] == '=') return *entry + length + 1;
    }
    return NULL;
}

/* Whether the saved login of the default profile is there: <config>/coursebrowser/profiles/default.json. */
static int has_default_login(char **environment) {
    const char *config = variable(environment, "XDG_CONFIG_HOME");
    const char *home = variable(environment, "HOME");
    char path[4096];
    int written;
    if (config && config[0] == '/') {
        written = snprintf(path, sizeof path, "%s/coursebrowser/profiles/default.json", config);
    } else if (home && home[0] == '/') {
        written = snprintf(path, sizeof path, "%s/.config/coursebrowser/profiles/default.json", home);
    } else {
        return 0;
    }
    struct stat status;
    return written > 0 && (size_t)written < sizeof path && stat(path, &status) == 0 && S_ISREG(status.st_mode);
}

int cb_curl_site_named(int count, char **arguments, char **environment) {
    /* Runs that ask no site at once, or may not: the queue's commands, the offline ones, help. */
    static const char *const offline[] = {
        "--offline", "--catalog", "--help", "-h", "--version", "upload", "submit", "queue", "drain",
        "login", "logout", "completions", "man-page", "help", NULL,
    };
    int named = 0, profile = 0;
    for (int index = 1; index < count && arguments[index]; index++) {
        const char *argument = arguments[index];
        if (strcmp(argument, "--") == 0) break;
        for (const char *const *word = offline; *word; word++) {
            if (is(argument, *word)) return 0;
        }
        if (is(argument, "--canvas") || is(argument, "--moodle")) named = 1;
        /* A course's web address names its Canvas; a course's ID alone names none. */
        if (is(argument, "--course")) {
            const char *equals = strchr(argument, '=');
            const char *value = equals ? equals + 1 : index + 1 < count ? arguments[index + 1] : NULL;
            if (value && strstr(value, "://")) named = 1;
        }
        if (is(argument, "--profile")) profile = 1;
    }
    if (named) return 1;
    const char *canvas = variable(environment, "CANVAS_URL"), *moodle = variable(environment, "MOODLE_URL");
    if ((canvas && canvas[0]) || (moodle && moodle[0])) return 1;
    return !profile && has_default_login(environment);
}

static void *open_curl(void *unused) {
    (void)unused;
    cb_curl_load();
    return NULL;
}

/* The process exits only once the opening is over: exiting while another thread is inside
   the loader tears down what it still uses. */
static void wait_for_early_opening(void) {
    if (early_started) pthread_join(early_thread, NULL);
    early_started = 0;
}

void cb_curl_open_early(int count, char **arguments, char **environment) {
    if (early_started || !cb_curl_site_named(count, arguments, environment)) return;
    if (pthread_create(&early_thread, NULL, open_curl, NULL) != 0) return;
    early_started = 1;
    atexit(wait_for_early_opening);
}
