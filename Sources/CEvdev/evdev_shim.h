#ifndef ANIMD_EVDEV_SHIM_H
#define ANIMD_EVDEV_SHIM_H
/*
 * The evdev and uinput ioctls of the touch relay (Sources/animd-touch-relay), whose request numbers are C macros
 * Swift cannot expand. Each buffer is the size libevdev asks with, since a mocked device (umockdev) answers only a
 * request recorded at that size.
 */
#include <errno.h>
#include <linux/input.h>
#include <linux/uinput.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <time.h>
#include <unistd.h>

static inline int animd_evdev_grab(int fd, int on) { return ioctl(fd, EVIOCGRAB, (void *)(long)on); }
/* Event types (EV_MAX: 8 bytes), absolute axes (8 bytes) or keys (96 bytes) the device has. */
static inline int animd_evdev_bits(int fd, int type, unsigned char *bits, int length) { return ioctl(fd, EVIOCGBIT(type, length), bits); }
static inline int animd_evdev_properties(int fd, unsigned char *bits, int length) { return ioctl(fd, EVIOCGPROP(length), bits); }
/* The name, asked for 255 bytes as libevdev does; `name` has 256. */
static inline int animd_evdev_name(int fd, char *name) {
    memset(name, 0, 256);
    return ioctl(fd, EVIOCGNAME(255), name);
}
static inline int animd_evdev_id(int fd, uint16_t *bus, uint16_t *vendor, uint16_t *product, uint16_t *version) {
    struct input_id id;
    int result = ioctl(fd, EVIOCGID, &id);
    if (result < 0) return result;
    *bus = id.bustype, *vendor = id.vendor, *product = id.product, *version = id.version;
    return result;
}
static inline int animd_evdev_axis(int fd, int code, int32_t *minimum, int32_t *maximum, int32_t *fuzz, int32_t *flat, int32_t *resolution) {
    struct input_absinfo info;
    int result = ioctl(fd, EVIOCGABS(code), &info);
    if (result < 0) return result;
    *minimum = info.minimum, *maximum = info.maximum, *fuzz = info.fuzz, *flat = info.flat, *resolution = info.resolution;
    return result;
}
/* The keys down now (96 bytes). */
static inline int animd_evdev_keys_down(int fd, unsigned char *bits, int length) { return ioctl(fd, EVIOCGKEY(length), bits); }
/* One axis for every slot: values[0] is the code asked, values[1 ... slots] the answer. */
static inline int animd_evdev_slots(int fd, int32_t *values, int slots) { return ioctl(fd, EVIOCGMTSLOTS((slots + 1) * sizeof(int32_t)), values); }
/* Event times on the monotonic clock, which the relay and animd share (a mocked device may refuse; nothing uses them). */
static inline int animd_evdev_monotonic(int fd) {
    int clock = CLOCK_MONOTONIC;
    return ioctl(fd, EVIOCSCLOCKID, &clock);
}

/* Reads up to `capacity` whole events; the count, or -1 with errno. */
static inline int animd_evdev_read(int fd, uint16_t *types, uint16_t *codes, int32_t *values, int capacity) {
    struct input_event events[64];
    if (capacity > 64) capacity = 64;
    ssize_t length = read(fd, events, sizeof(struct input_event) * (size_t)capacity);
    if (length < 0) return -1;
    int count = (int)(length / (ssize_t)sizeof(struct input_event));
    for (int i = 0; i < count; i++) types[i] = events[i].type, codes[i] = events[i].code, values[i] = events[i].value;
    return count;
}

/* Writes the events in one write (uinput stamps them); 0, or -1 with errno. */
static inline int animd_uinput_write(int fd, const uint16_t *types, const uint16_t *codes, const int32_t *values, int count) {
    struct input_event events[128];
    for (int start = 0; start < count; start += 128) {
        int n = count - start < 128 ? count - start : 128;
        memset(events, 0, sizeof events);
        for (int i = 0; i < n; i++) events[i].type = types[start + i], events[i].code = codes[start + i], events[i].value = values[start + i];
        ssize_t written;
        do written = write(fd, events, sizeof(struct input_event) * (size_t)n);
        while (written < 0 && errno == EINTR);
        if (written != (ssize_t)(sizeof(struct input_event) * (size_t)n)) return -1;
    }
    return 0;
}

static inline int animd_uinput_enable(int fd, unsigned long kind, int code) {
    switch (kind) {
    case 0: return ioctl(fd, UI_SET_EVBIT, code);
    case 1: return ioctl(fd, UI_SET_KEYBIT, code);
    case 2: return ioctl(fd, UI_SET_ABSBIT, code);
    default: return ioctl(fd, UI_SET_PROPBIT, code);
    }
}
static inline int animd_uinput_setup(int fd, const char *name, uint16_t bus, uint16_t vendor, uint16_t product, uint16_t version) {
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    strncpy(setup.name, name, UINPUT_MAX_NAME_SIZE - 1);
    setup.id.bustype = bus, setup.id.vendor = vendor, setup.id.product = product, setup.id.version = version;
    return ioctl(fd, UI_DEV_SETUP, &setup);
}
static inline int animd_uinput_axis(int fd, int code, int32_t minimum, int32_t maximum, int32_t fuzz, int32_t flat, int32_t resolution) {
    struct uinput_abs_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.code = (uint16_t)code;
    setup.absinfo.minimum = minimum, setup.absinfo.maximum = maximum, setup.absinfo.fuzz = fuzz, setup.absinfo.flat = flat;
    setup.absinfo.resolution = resolution;
    return ioctl(fd, UI_ABS_SETUP, &setup);
}
static inline int animd_uinput_create(int fd) { return ioctl(fd, UI_DEV_CREATE); }
static inline int animd_uinput_destroy(int fd) { return ioctl(fd, UI_DEV_DESTROY); }

/* The relay ends with animd: SIGTERM when the thread that spawned it ends (the backend's thread, or animd itself). */
static inline int animd_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGTERM); }

/* SIGTERM, SIGINT and SIGHUP as a descriptor to poll, so that the relay lets the device go on its way out. */
static inline int animd_termination_descriptor(void) {
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGHUP);
    if (sigprocmask(SIG_BLOCK, &signals, NULL) != 0) return -1;
    return signalfd(-1, &signals, SFD_CLOEXEC | SFD_NONBLOCK);
}

#endif
