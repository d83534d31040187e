#ifndef ANIMD_LAZY_LIBRARY_H
#define ANIMD_LAZY_LIBRARY_H
/*
 * A shared library that animd loads the first time it is used, not at start-up: the X libraries only under the X11
 * backend, libinput and what it links (glib among them) only under the libinput backend, libsystemd only when a
 * session bus is there. What is never loaded costs no memory (docs/performance.md, issue 33).
 *
 * Each library's functions are stubs with the header's own names and prototypes (ANIMD_LAZY_FUNCTION), so the Swift
 * code calls them as before and the compiler checks every stub against the real declaration. A stub finds the real
 * function once, with dlsym, and caches it.
 */
#include <stdatomic.h>
#include <stddef.h>

struct animd_lazy_library {
    /* The SONAME, as DT_NEEDED would have named it. */
    const char *soname;
    _Atomic(void *) handle;
};

/*
 * Loads each library that is not loaded yet. NULL when all are; otherwise dlerror's message for the first that
 * cannot be, valid until this thread's next dl call. A backend calls this before its first stub, and reports the
 * message instead of starting.
 */
const char *animd_lazy_load(struct animd_lazy_library *const libraries[], size_t count);

/*
 * The real function behind a stub, loading its library first if it is not loaded yet (the test tools call stubs
 * with no animd_lazy_load before). When the library cannot be loaded, or lacks the function, it aborts with both
 * names: animd's backends never get there, since they call animd_lazy_load first and report what it says.
 */
void *animd_lazy_symbol(struct animd_lazy_library *library, const char *name, _Atomic(void *) *cache);

#define ANIMD_LAZY_RESOLVE(library, name)                                                \
    static _Atomic(void *) cache;                                                        \
    void *symbol = atomic_load_explicit(&cache, memory_order_acquire);                   \
    if (!symbol) symbol = animd_lazy_symbol(&(library), #name, &cache);

#define ANIMD_LAZY_FUNCTION(library, type, name, parameters, arguments)                  \
    type name parameters {                                                               \
        ANIMD_LAZY_RESOLVE(library, name)                                                \
        return ((__typeof__(&name))symbol)arguments;                                     \
    }

#define ANIMD_LAZY_VOID_FUNCTION(library, name, parameters, arguments)                   \
    void name parameters {                                                               \
        ANIMD_LAZY_RESOLVE(library, name)                                                \
        ((__typeof__(&name))symbol)arguments;                                            \
    }

#endif
