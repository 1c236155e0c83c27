#define _GNU_SOURCE
#include "detached_unlink.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* Closes every descriptor from `first` up to `last`. */
static void close_between(unsigned int first, unsigned int last) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, first, last, 0) == 0) return;
#endif
    /* A kernel older than 5.9: close them one by one, as far as any process here opens. */
    for (unsigned int descriptor = first; descriptor <= last && descriptor < 65536; descriptor++) {
        close((int)descriptor);
    }
}

/* fork(2) straight from the kernel: glibc's fork runs the handlers libraries registered with
   pthread_atfork, which may wait for locks that threads of the first parent held. */
static pid_t fork_bare(void) {
#ifdef SYS_fork
    return (pid_t)syscall(SYS_fork);
#else
    return (pid_t)syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
#endif
}

/* In the forked child, where the parent's other threads may have held any lock at the moment of
   the fork: only system calls from here on, never malloc, stdio or the Swift runtime. */
static void remove_then_exit(int directory, const char *const *names, size_t count) {
    /* The grandchild does the work; this child exits at once so its parent can reap it now,
       and init reaps the grandchild. Without a grandchild this child does the work itself. */
    pid_t grandchild = fork_bare();
    if (grandchild > 0) _exit(0);
    setsid();
    if (directory > 0) close_between(0, (unsigned int)directory - 1);
    close_between((unsigned int)directory + 1, ~0U);
    for (size_t i = 0; i < count; i++) {
        unlinkat(directory, names[i], 0);
    }
    _exit(0);
}

int cb_unlink_detached(int directory, const char *const *names, size_t count) {
    if (directory < 0) return -1;
    pid_t child = fork();
    if (child < 0) return -1;
    if (child == 0) remove_then_exit(directory, names, count);
    int status;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    return 0;
}
