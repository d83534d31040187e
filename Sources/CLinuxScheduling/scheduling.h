#ifndef ANIMD_LINUX_SCHEDULING_H
#define ANIMD_LINUX_SCHEDULING_H
/*
 * sched_setattr(2) for one purpose: asking the kernel for a short time slice for the calling thread.
 *
 * Linux's EEVDF scheduler (6.6+) takes a per-task slice request for ordinary (SCHED_OTHER) tasks since 6.12: the
 * field is sched_attr.sched_runtime, any unprivileged task may set it for itself, and a short slice gives the task
 * earlier virtual deadlines, so a thread it wakes does not preempt it mid-work. Older kernels ignore the field for
 * SCHED_OTHER, which the read-back reports. glibc has no wrapper, and Swift cannot call the variadic syscall(2),
 * hence this header.
 */
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

struct animd_sched_attr {
    uint32_t size;
    uint32_t sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime;
    uint64_t sched_deadline;
    uint64_t sched_period;
};

/*
 * The rule for animd's event loop, here so that the benchmark's NIO floor and C server follow the very same one: the
 * short slice (0.1 ms, the shortest EEVDF accepts) while `frame_readers` clients take frames, from a fan-out on;
 * below that 0, the kernel's default slice. Why: docs/architecture.md, "A short time slice for the loop".
 */
#define ANIMD_SHORT_SLICE_NS 100000
#define ANIMD_FAN_OUT_READERS 2

static inline uint64_t animd_wanted_slice(long frame_readers) {
    return frame_readers >= ANIMD_FAN_OUT_READERS ? ANIMD_SHORT_SLICE_NS : 0;
}

/*
 * Requests `nanoseconds` as the calling thread's slice (0: the kernel's default slice again), keeping its policy
 * and nice value. Returns the slice the kernel now reports (0: this kernel has no slice requests), or -errno. A
 * thread that is not SCHED_OTHER (a unit may set CPUSchedulingPolicy=) is left alone: -EPERM.
 */
static inline int64_t animd_request_slice(uint64_t nanoseconds) {
    if (sched_getscheduler(0) != SCHED_OTHER) return -EPERM;
    errno = 0;
    int nice = getpriority(PRIO_PROCESS, 0);
    if (errno != 0) return -errno;
    struct animd_sched_attr attributes;
    memset(&attributes, 0, sizeof attributes);
    attributes.size = sizeof attributes;
    attributes.sched_policy = SCHED_OTHER;
    attributes.sched_nice = nice;
    attributes.sched_runtime = nanoseconds;
    if (syscall(SYS_sched_setattr, 0, &attributes, 0) != 0) return -errno;
    struct animd_sched_attr granted;
    memset(&granted, 0, sizeof granted);
    if (syscall(SYS_sched_getattr, 0, &granted, sizeof granted, 0) != 0) return -errno;
    return (int64_t)granted.sched_runtime;
}

/*
 * Hands the CPU to the readers a step's writes just woke: one sched_yield(2), after the lines are written and before
 * the rest of the step's work (the answer, the timers). A Unix socket wakes its reader with a "sync" wakeup, which
 * tells the scheduler the writer is about to sleep, so the reader is often queued on the writer's CPU, behind the
 * writer's remaining work; yielding lets it run first. When nothing waits on this CPU it returns at once. Measured,
 * and why it is safe beside CPU-bound neighbours: docs/architecture.md, "Handing the CPU to the readers a step woke".
 */
static inline void animd_hand_over(void) { sched_yield(); }

/* The slice a thread of any process of this user reports (0: none requested, or no slice requests here), or -errno. */
static inline int64_t animd_thread_slice(pid_t thread) {
    struct animd_sched_attr attributes;
    memset(&attributes, 0, sizeof attributes);
    if (syscall(SYS_sched_getattr, thread, &attributes, sizeof attributes, 0) != 0) return -errno;
    return (int64_t)attributes.sched_runtime;
}
#endif
