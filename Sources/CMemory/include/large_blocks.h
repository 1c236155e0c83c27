#ifndef COURSEBROWSER_LARGE_BLOCKS_H
#define COURSEBROWSER_LARGE_BLOCKS_H

/// Has the C library map every block of `bytes` or more for itself and give it back to the
/// system when it is freed, at a fixed bound: glibc otherwise raises the bound to the largest
/// block freed so far, after which such blocks stay in the heap of the thread that freed them.
void cb_map_blocks_from(unsigned long bytes);

#endif
