#ifndef COURSEBROWSER_DETACHED_UNLINK_H
#define COURSEBROWSER_DETACHED_UNLINK_H

#include <stddef.h>

/* Removes the files `names` from the open directory `directory` in a process of its own, and
   returns without waiting for it: deleting a large file makes the file system free its blocks,
   tens of milliseconds for a few hundred megabytes, and nobody need wait for that.

   The process is detached (its parent exits at once and is reaped here, so init, or the
   nearest subreaper, adopts it), in a session of its own (a Ctrl-C at the terminal doesn't
   stop it half-way), and keeps no descriptor but `directory`. Returns 0 when the names were handed over, -1 when no process
   could be started; the caller removes them itself then. */
int cb_unlink_detached(int directory, const char *const *names, size_t count);

#endif
