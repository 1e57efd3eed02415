// Counts heap allocations for scripts/benchmark-generated: loaded with LD_PRELOAD, it wraps
// glibc's allocation functions and counts every call in `stategen_allocation_count`, which the
// benchmark reads through dlsym before and after each timed loop. The Swift runtime allocates
// through these (swift_slowAlloc calls malloc, or an aligned variant for large alignments).
#define _GNU_SOURCE
#include <stddef.h>
#include <errno.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

volatile unsigned long stategen_allocation_count = 0;

static void count(void) { __atomic_add_fetch(&stategen_allocation_count, 1, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t count_, size_t size) { count(); return __libc_calloc(count_, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}
