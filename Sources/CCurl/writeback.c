/* sync_file_range is Linux-only and hidden behind _GNU_SOURCE, which Swift's Glibc module
   is not built with; downloads call it through this wrapper. */
#define _GNU_SOURCE
#include <fcntl.h>

#include "curl_shim.h"

int cb_start_writeback(int fd, long long offset, long long count) {
    return sync_file_range(fd, (off64_t)offset, (off64_t)count, SYNC_FILE_RANGE_WRITE);
}
