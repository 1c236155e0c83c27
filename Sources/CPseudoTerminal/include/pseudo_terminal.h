#ifndef PSEUDO_TERMINAL_H
#define PSEUDO_TERMINAL_H

#include <stddef.h>

/// Opens a new pseudo-terminal of `rows` × `columns`; returns the master's descriptor (or -1)
/// and writes the path of its terminal end into `name`.
int pseudo_terminal_open(unsigned short rows, unsigned short columns, char *name, size_t name_size);

/// Gives the pseudo-terminal a new size, as a person dragging the window's corner would; the
/// kernel tells the program on it with SIGWINCH. Returns 0, or -1 with errno set.
int pseudo_terminal_resize(int master, unsigned short rows, unsigned short columns);

#endif
