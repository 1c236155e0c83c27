#ifndef COURSEBROWSER_FREE_MEMORY_H
#define COURSEBROWSER_FREE_MEMORY_H

/* Hands the memory freed inside the allocator's arenas back to the system, as glibc's
   malloc_trim(0) does; returns 1 when some was given back. Memory freed by one thread is kept
   in that thread's arena for its next allocations, and still counts as the program's while it
   waits there. A no-op returning 0 where the C library has no such call. */
int cb_give_back_free_memory(void);

#endif
