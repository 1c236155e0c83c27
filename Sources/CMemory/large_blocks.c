#include "large_blocks.h"

#include <malloc.h>

void cb_map_blocks_from(unsigned long bytes) {
#ifdef M_MMAP_THRESHOLD
    mallopt(M_MMAP_THRESHOLD, (int)bytes);
#else
    (void)bytes;
#endif
}
