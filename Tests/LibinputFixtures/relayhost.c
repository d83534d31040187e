/* The host of a mocked touchscreen and a mocked /dev/uinput, for the exclusive-touch tests (issue 59): runs a
 * command (animd, which starts animd-touch-relay) in umockdev's mocked world, writes the touchscreen's events when
 * the test asks, and records what the command does to /dev/uinput, ioctl by ioctl and event by event.
 *
 *   relayhost FOLDER DEVICE.umockdev NODE DEVICE.ioctl SYSFS-PATH TIMEOUT-S PRELOAD -- COMMAND ARGS...
 *
 * In FOLDER:
 * - `plug`: once it exists, the touchscreen is plugged in (its "add" uevent);
 * - `events-1`, `events-2`, …: each, once it exists, is written to the touchscreen in order, then deleted. A line
 *   is "TYPE CODE VALUE" in decimal; the kernel would stamp the events, this host stamps them with the clock;
 * - `unplug`: once it exists, the touchscreen is removed (its "remove" uevent);
 * - `twin.log` is written: "open", "vanished" (a descriptor of /dev/uinput opened, closed), "evbit N", "keybit N",
 *   "absbit N", "propbit N", "setup BUS VENDOR PRODUCT VERSION NAME", "abs CODE MIN MAX FUZZ FLAT RESOLUTION",
 *   "create", "destroy", "ioctl REQUEST" for any other, and "event MICROSECONDS TYPE CODE VALUE" for each event
 *   written; and "wrote N MICROSECONDS" as `events-N` reaches the touchscreen (both on CLOCK_MONOTONIC).
 *
 * It must itself run with LD_PRELOAD=libumockdev-preload.so.0 (see mockhost.c). The command gets PRELOAD first. */
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <linux/uinput.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <umockdev.h>
#include <unistd.h>

static pid_t child;
static FILE *twin_log;
static GMutex log_lock;

static void forward(int signal) {
    if (child > 0) kill(child, signal);
}

static long long now_microseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

static void record(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    g_mutex_lock(&log_lock);
    vfprintf(twin_log, format, arguments);
    fputc('\n', twin_log);
    fflush(twin_log);
    g_mutex_unlock(&log_lock);
    va_end(arguments);
}

static gboolean on_ioctl(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer data) {
    (void)handler, (void)data;
    unsigned long request = umockdev_ioctl_client_get_request(client);
    UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
    long value = (long)*(unsigned long *)arg->data;
    GError *error = NULL;
    switch (request) {
    case UI_SET_EVBIT: record("evbit %ld", value); break;
    case UI_SET_KEYBIT: record("keybit %ld", value); break;
    case UI_SET_ABSBIT: record("absbit %ld", value); break;
    case UI_SET_PROPBIT: record("propbit %ld", value); break;
    case UI_DEV_CREATE: record("create"); break;
    case UI_DEV_DESTROY: record("destroy"); break;
    case UI_DEV_SETUP: {
        UMockdevIoctlData *setup = umockdev_ioctl_data_resolve(arg, 0, sizeof(struct uinput_setup), &error);
        if (!setup) break;
        struct uinput_setup *s = (struct uinput_setup *)setup->data;
        record("setup %u %u %u %u %.80s", s->id.bustype, s->id.vendor, s->id.product, s->id.version, s->name);
        break;
    }
    case UI_ABS_SETUP: {
        UMockdevIoctlData *setup = umockdev_ioctl_data_resolve(arg, 0, sizeof(struct uinput_abs_setup), &error);
        if (!setup) break;
        struct uinput_abs_setup *s = (struct uinput_abs_setup *)setup->data;
        record("abs %u %d %d %d %d %d", s->code, s->absinfo.minimum, s->absinfo.maximum, s->absinfo.fuzz, s->absinfo.flat,
               s->absinfo.resolution);
        break;
    }
    default:
        record("ioctl %lu", request);
        umockdev_ioctl_client_complete(client, -1, ENOTTY);
        return TRUE;
    }
    if (error) {
        record("ioctl %lu unresolved: %s", request, error->message);
        g_error_free(error);
        umockdev_ioctl_client_complete(client, -1, EFAULT);
        return TRUE;
    }
    umockdev_ioctl_client_complete(client, 0, 0);
    return TRUE;
}

static gboolean on_write(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer data) {
    (void)handler, (void)data;
    UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
    long long now = now_microseconds();
    struct input_event *events = (struct input_event *)arg->data;
    for (size_t i = 0; i < (size_t)arg->data_len / sizeof *events; i++)
        record("event %lld %u %u %d", now, events[i].type, events[i].code, events[i].value);
    umockdev_ioctl_client_complete(client, arg->data_len, 0);
    return TRUE;
}

static void on_connected(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer data) {
    (void)handler, (void)client, (void)data;
    record("open");
}

static void on_vanished(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer data) {
    (void)handler, (void)client, (void)data;
    record("vanished");
}

/* Writes the events of `path` to the touchscreen; false when it cannot be read. */
static bool write_events(UMockdevTestbed *testbed, const char *node, const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) return false;
    struct input_event events[1024];
    int count = 0;
    unsigned type, code;
    int value;
    long long now = now_microseconds();
    while (count < 1024 && fscanf(file, "%u %u %d", &type, &code, &value) == 3) {
        memset(&events[count], 0, sizeof events[count]);
        events[count].input_event_sec = now / 1000000;
        events[count].input_event_usec = now % 1000000;
        events[count].type = (unsigned short)type, events[count].code = (unsigned short)code, events[count].value = value;
        count++;
    }
    fclose(file);
    int fd = umockdev_testbed_get_dev_fd(testbed, node);
    if (fd < 0) return false;
    ssize_t written = write(fd, events, sizeof(struct input_event) * (size_t)count);
    return written == (ssize_t)(sizeof(struct input_event) * (size_t)count);
}

static int finish(int status) {
    if (child > 0) {
        kill(child, SIGKILL);
        waitpid(child, &status, 0);
        return 124;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(int argc, char **argv) {
    if (argc < 10 || strcmp(argv[8], "--") != 0) {
        fprintf(stderr, "usage: relayhost FOLDER DEVICE.umockdev NODE DEVICE.ioctl SYSFS-PATH TIMEOUT-S PRELOAD -- COMMAND...\n");
        return 2;
    }
    const char *folder = argv[1], *node = argv[3], *sysfs = argv[5];
    char path[4096];
    snprintf(path, sizeof path, "%s/twin.log", folder);
    twin_log = fopen(path, "w");
    if (!twin_log) return 2;
    UMockdevTestbed *testbed = umockdev_testbed_new();
    GError *error = NULL;
    if (!umockdev_testbed_add_from_string(testbed,
                                          "P: /devices/virtual/misc/uinput\nN: uinput\nE: DEVNAME=/dev/uinput\nE: MAJOR=10\nE: MINOR=223\n"
                                          "E: SUBSYSTEM=misc\nA: dev=10:223\n",
                                          &error)) {
        fprintf(stderr, "relayhost: %s\n", error->message);
        return 2;
    }
    UMockdevIoctlBase *uinput = umockdev_ioctl_base_new();
    g_signal_connect(uinput, "handle-ioctl", G_CALLBACK(on_ioctl), NULL);
    g_signal_connect(uinput, "handle-write", G_CALLBACK(on_write), NULL);
    g_signal_connect(uinput, "client-connected", G_CALLBACK(on_connected), NULL);
    g_signal_connect(uinput, "client-vanished", G_CALLBACK(on_vanished), NULL);
    if (!umockdev_testbed_attach_ioctl(testbed, "/dev/uinput", uinput, &error)) {
        fprintf(stderr, "relayhost: %s\n", error->message);
        return 2;
    }
    char preload[4096];
    snprintf(preload, sizeof preload, "%s:libumockdev-preload.so.0", argv[7]);
    signal(SIGTERM, forward);
    signal(SIGINT, forward);
    child = fork();
    if (child == 0) {
        setenv("LD_PRELOAD", preload, 1);
        execvp(argv[9], argv + 9);
        _exit(127);
    }
    long ticks_left = atol(argv[6]) * 1000;
    int status = 0, next = 1;
    bool plugged = false, unplugged = false;
    /* 1 ms steps: the benchmark measures what the relay adds to a write, not this loop. */
    for (; ticks_left > 0 && child > 0; ticks_left--) {
        if (waitpid(child, &status, WNOHANG) == child) {
            child = 0;
            break;
        }
        snprintf(path, sizeof path, "%s/plug", folder);
        if (!plugged && access(path, F_OK) == 0) {
            if (!umockdev_testbed_add_from_file(testbed, argv[2], &error) || !umockdev_testbed_load_ioctl(testbed, node, argv[4], &error)) {
                fprintf(stderr, "relayhost: %s\n", error->message);
                return finish(status);
            }
            umockdev_testbed_uevent(testbed, sysfs, "add");
            plugged = true;
        }
        snprintf(path, sizeof path, "%s/events-%d", folder, next);
        if (plugged && !unplugged && access(path, F_OK) == 0) {
            long long stamp = now_microseconds();
            if (!write_events(testbed, node, path)) fprintf(stderr, "relayhost: cannot write %s\n", path);
            record("wrote %d %lld", next, stamp);
            unlink(path);
            next++;
            continue;
        }
        snprintf(path, sizeof path, "%s/unplug", folder);
        if (plugged && !unplugged && access(path, F_OK) == 0) {
            umockdev_testbed_uevent(testbed, sysfs, "remove");
            umockdev_testbed_remove_device(testbed, sysfs);
            unplugged = true;
        }
        usleep(1000);
    }
    return finish(status);
}
