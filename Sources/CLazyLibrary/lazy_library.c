#include "lazy_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* Loading is rare (once per library); one lock keeps two threads from loading the same library at once. */
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

static const char *load(struct animd_lazy_library *library) {
    if (atomic_load_explicit(&library->handle, memory_order_acquire)) return NULL;
    const char *failure = NULL;
    pthread_mutex_lock(&loading);
    if (!atomic_load_explicit(&library->handle, memory_order_relaxed)) {
        void *handle = dlopen(library->soname, RTLD_LAZY | RTLD_LOCAL);
        if (handle) atomic_store_explicit(&library->handle, handle, memory_order_release);
        else failure = dlerror();
    }
    pthread_mutex_unlock(&loading);
    return failure;
}

const char *animd_lazy_load(struct animd_lazy_library *const libraries[], size_t count) {
    for (size_t index = 0; index < count; index++) {
        const char *failure = load(libraries[index]);
        if (failure) return failure;
    }
    return NULL;
}

void *animd_lazy_symbol(struct animd_lazy_library *library, const char *name, _Atomic(void *) *cache) {
    const char *failure = load(library);
    if (failure) {
        fprintf(stderr, "animd: %s is needed for %s and cannot be loaded: %s\n", library->soname, name, failure);
        abort();
    }
    void *symbol = dlsym(atomic_load_explicit(&library->handle, memory_order_acquire), name);
    if (!symbol) {
        fprintf(stderr, "animd: %s has no %s: %s\n", library->soname, name, dlerror());
        abort();
    }
    atomic_store_explicit(cache, symbol, memory_order_release);
    return symbol;
}
