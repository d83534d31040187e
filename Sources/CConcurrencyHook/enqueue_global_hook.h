#ifndef ANIMD_ENQUEUE_GLOBAL_HOOK_H
#define ANIMD_ENQUEUE_GLOBAL_HOOK_H
/*
 * The Swift concurrency runtime's hook for where global jobs go (swift_task_enqueueGlobal_hook, declared in the
 * runtime's ConcurrencyHooks). SwiftNIO finds it with dlsym, which fails when the runtime is linked statically: the
 * static runtime's symbols are made local to the executable (--exclude-libs ALL). A reference resolved by the
 * linker reaches it either way, dynamic or static. The slot holds a Swift thin function pointer, or null.
 */
extern void *swift_task_enqueueGlobal_hook;

static inline void **animd_enqueue_global_hook_slot(void) {
    return &swift_task_enqueueGlobal_hook;
}

#endif
