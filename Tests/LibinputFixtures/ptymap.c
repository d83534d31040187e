/* LD_PRELOAD for the libinput tests, loaded before umockdev's own preload (umockdev 0.17.16, Debian 12).
 *
 * umockdev emulates an evdev node with a pty, so fstat() on the opened node reports the pty's device number, and
 * libinput refuses a device whose number differs from udev's. umockdev records which pty stands for which device
 * in $UMOCKDEV_DIR/dev/.ptymap/_dev_pts_N (a symlink to "MAJ:MIN"); newer umockdev adjusts fstat() from it, and
 * this does the same for 0.17.16. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static void adjust(int fd, struct stat64 *st) {
    /* Unix98 ptys are major 136. */
    if (!S_ISCHR(st->st_mode) || major(st->st_rdev) != 136) return;
    char link[64], target[4096], map[4096 + 64], majmin[32];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    const char *dir = getenv("UMOCKDEV_DIR");
    if (n <= 0 || !dir) return;
    target[n] = 0;
    for (char *c = target; *c; c++)
        if (*c == '/') *c = '_';
    snprintf(map, sizeof map, "%s/dev/.ptymap/%s", dir, target);
    n = readlink(map, majmin, sizeof majmin - 1);
    if (n <= 0) return;
    majmin[n] = 0;
    unsigned ma, mi;
    if (sscanf(majmin, "%u:%u", &ma, &mi) == 2) st->st_rdev = makedev(ma, mi);
}

int fstat64(int fd, struct stat64 *st) {
    static int (*real)(int, struct stat64 *);
    if (!real) real = (int (*)(int, struct stat64 *))dlsym(RTLD_NEXT, "fstat64");
    int result = real(fd, st);
    if (result == 0) adjust(fd, st);
    return result;
}

int fstat(int fd, struct stat *st) { return fstat64(fd, (struct stat64 *)st); }
