// Counts heap allocations per thread, so a test can check that a steady-state `send` allocates
// nothing (DESIGN rule 9) while other tests run in parallel on other threads.
//
// The test executable defines malloc and friends, which takes precedence over the C library's, and
// forwards to glibc's own entry points (__libc_malloc and so on). Sanitizer builds own malloc
// themselves, so there (and off glibc) counting is unavailable and the tests that need it are skipped.

#include "AllocationCounter.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define RILL_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define RILL_SANITIZED 1
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(RILL_SANITIZED)

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static __thread uint64_t allocations;

bool rill_allocation_counting_available(void) { return true; }

uint64_t rill_allocations_on_this_thread(void) { return allocations; }

void *malloc(size_t size) {
  allocations++;
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  allocations++;
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  allocations++;
  return __libc_realloc(pointer, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  allocations++;
  return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
  allocations++;
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  allocations++;
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL && size != 0) return ENOMEM;
  *result = pointer;
  return 0;
}

#else

bool rill_allocation_counting_available(void) { return false; }

uint64_t rill_allocations_on_this_thread(void) { return 0; }

#endif
