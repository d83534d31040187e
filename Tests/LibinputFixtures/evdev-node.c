/* LD_PRELOAD for the libinput tests, loaded into animd before umockdev's own preload (umockdev 0.17.16, Debian 12):
 * it makes the node umockdev emulates answer as the kernel's evdev node would, in two ways.
 *
 * - Its device number. umockdev emulates an evdev node with a pty, so fstat() on the opened node reports the pty's
 *   device number, and libinput refuses a device whose number differs from udev's. umockdev records which pty
 *   stands for which device in $UMOCKDEV_DIR/dev/.ptymap/_dev_pts_N (a symlink to "MAJ:MIN"); newer umockdev
 *   adjusts fstat() from it, and this does the same for 0.17.16.
 * - Its event times. umockdev replays an evemu file with the times written in it, while the kernel stamps an event
 *   when the device makes it. libinput runs its gesture timers against those stamps, so a stamp behind the clock by
 *   however long animd took to open the device expires them at once (a three-finger swipe first becomes a hold). The
 *   file's times are moved onto the clock when animd reads them: the first event read is stamped with the time of
 *   its read, the others keep the file's spacing after it, and none is stamped later than its read. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <linux/input.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

/* The device number umockdev records for `fd`, when it is a pty standing for a mocked device node. */
static bool mocked_device(int fd, dev_t *device) {
    char link[64], target[4096], map[4096 + 64], majmin[32];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    const char *dir = getenv("UMOCKDEV_DIR");
    if (n <= 0 || !dir) return false;
    target[n] = 0;
    for (char *c = target; *c; c++)
        if (*c == '/') *c = '_';
    snprintf(map, sizeof map, "%s/dev/.ptymap/%s", dir, target);
    n = readlink(map, majmin, sizeof majmin - 1);
    if (n <= 0) return false;
    majmin[n] = 0;
    unsigned ma, mi;
    if (sscanf(majmin, "%u:%u", &ma, &mi) != 2) return false;
    *device = makedev(ma, mi);
    return true;
}

int fstat64(int fd, struct stat64 *st) {
    static int (*real)(int, struct stat64 *);
    if (!real) real = (int (*)(int, struct stat64 *))dlsym(RTLD_NEXT, "fstat64");
    int result = real(fd, st);
    dev_t device;
    /* Unix98 ptys are major 136. */
    if (result == 0 && S_ISCHR(st->st_mode) && major(st->st_rdev) == 136 && mocked_device(fd, &device)) st->st_rdev = device;
    return result;
}

int fstat(int fd, struct stat *st) { return fstat64(fd, (struct stat64 *)st); }

static long long now_microseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

/* Moves the stamps of the whole events in `buffer` onto the clock (see the top of the file). One device per animd
 * in these tests, so one offset; reads happen on animd's backend thread alone. */
static void restamp(void *buffer, ssize_t length) {
    static bool started;
    static long long offset;
    struct input_event *events = buffer;
    long long now = now_microseconds();
    for (ssize_t i = 0; i < length / (ssize_t)sizeof *events; i++) {
        long long stamp = (long long)events[i].input_event_sec * 1000000 + events[i].input_event_usec;
        if (!started || stamp + offset > now) offset = now - stamp;
        started = true;
        stamp += offset;
        events[i].input_event_sec = stamp / 1000000;
        events[i].input_event_usec = stamp % 1000000;
    }
}

static ssize_t after_read(int fd, void *buffer, ssize_t result) {
    dev_t device;
    if (result > 0 && result % sizeof(struct input_event) == 0 && mocked_device(fd, &device)) restamp(buffer, result);
    return result;
}

ssize_t read(int fd, void *buffer, size_t count) {
    static ssize_t (*real)(int, void *, size_t);
    if (!real) real = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
    return after_read(fd, buffer, real(fd, buffer, count));
}

ssize_t __read_chk(int fd, void *buffer, size_t count, size_t size) {
    static ssize_t (*real)(int, void *, size_t, size_t);
    if (!real) real = (ssize_t (*)(int, void *, size_t, size_t))dlsym(RTLD_NEXT, "__read_chk");
    return after_read(fd, buffer, real(fd, buffer, count, size));
}
