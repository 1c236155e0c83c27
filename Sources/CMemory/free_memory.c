#include "free_memory.h"

/* Any header of the C library says whether it is glibc. */
#include <stdlib.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int cb_give_back_free_memory(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}
