#ifndef RILL_ALLOCATION_COUNTER_H
#define RILL_ALLOCATION_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Whether this build counts allocations (glibc, no sanitizer that owns malloc).
bool rill_allocation_counting_available(void);

/// How many times malloc, calloc, realloc and the aligned allocators were called on this thread.
uint64_t rill_allocations_on_this_thread(void);

#endif
