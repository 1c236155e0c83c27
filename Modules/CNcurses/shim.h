#ifndef COURSEBROWSER_CNCURSES_SHIM_H
#define COURSEBROWSER_CNCURSES_SHIM_H

/* SwiftPM drops pkg-config defines, so wide-character curses must be asked for here. */
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1

#include <locale.h>
#include <langinfo.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Macros and shared globals that Swift cannot import, wrapped as functions. */

static inline WINDOW *cb_stdscr(void) { return stdscr; }

static inline attr_t cb_attr_bold(void) { return A_BOLD; }
static inline attr_t cb_attr_dim(void) { return A_DIM; }
static inline attr_t cb_attr_reverse(void) { return A_REVERSE; }
static inline attr_t cb_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t cb_attr_normal(void) { return A_NORMAL; }

static inline int cb_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cb_key_mouse(void) { return KEY_MOUSE; }

/* Reads the real window size; after SIGWINCH curses' own LINES/COLS are stale. */
static inline int cb_terminal_size(int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) {
        return -1;
    }
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

/* Draws one grapheme cluster: a spacing character plus its combining marks. */
static inline int cb_put_cluster(int y, int x, const wchar_t *chars, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, chars, attrs, pair, NULL) != OK) {
        return ERR;
    }
    return mvadd_wch(y, x, &cell);
}

static inline int cb_codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

/* Stops the process like a shell job and returns once it is continued.
   Dispatch runs this on a worker thread that blocks signals, so SIGTSTP is unblocked
   here just long enough to be delivered. */
static inline void cb_suspend_process(void) {
    sigset_t tstp, previous;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    struct sigaction stop, saved;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTSTP, &stop, &saved);
    pthread_sigmask(SIG_UNBLOCK, &tstp, &previous);
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    sigaction(SIGTSTP, &saved, NULL);
}

/* What SIGTSTP did on the calling thread before another program was given the terminal. */
typedef struct {
    struct sigaction action;
    sigset_t mask;
} cb_stop_state;

/* While another program has the terminal, Ctrl-Z must stop the app along with it, as a shell
   stops a job, so that fg brings both back; not run curses' own handler, which would draw. */
static inline cb_stop_state cb_default_stop_signal(void) {
    cb_stop_state saved;
    struct sigaction stop;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTSTP, &stop, &saved.action);
    sigset_t tstp;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &tstp, &saved.mask);
    return saved;
}

static inline void cb_restore_stop_signal(cb_stop_state saved) {
    pthread_sigmask(SIG_SETMASK, &saved.mask, NULL);
    sigaction(SIGTSTP, &saved.action, NULL);
}

/* Installs a one-shot handler: after it runs once the default action applies again. */
static inline int cb_install_fatal_handler(int signal_number, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    return sigaction(signal_number, &action, NULL);
}

#endif
