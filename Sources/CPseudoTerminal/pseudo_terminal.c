#define _GNU_SOURCE 1
#include "pseudo_terminal.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int pseudo_terminal_open(unsigned short rows, unsigned short columns, char *name, size_t name_size) {
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) return -1;
    struct winsize size = { .ws_row = rows, .ws_col = columns };
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, name, name_size) != 0
        || ioctl(master, TIOCSWINSZ, &size) != 0) {
        close(master);
        return -1;
    }
    return master;
}

int pseudo_terminal_resize(int master, unsigned short rows, unsigned short columns) {
    struct winsize size = { .ws_row = rows, .ws_col = columns };
    return ioctl(master, TIOCSWINSZ, &size);
}
