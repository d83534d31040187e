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
 * - `stop`: once it exists, the command's process group gets SIGTERM, SIGKILL 3 s later, and the host ends (the
 *   test's SIGTERM reaches nothing here: Foundation's Process starts its children with SIGTERM blocked);
 * - `twin.log` is written: "open" (a descriptor of /dev/uinput opened), "evbit N", "keybit N",
 *   "absbit N", "propbit N", "setup BUS VENDOR PRODUCT VERSION NAME", "abs CODE MIN MAX FUZZ FLAT RESOLUTION",
 *   "create", "destroy", "ioctl REQUEST" for any other, and "event MICROSECONDS TYPE CODE VALUE" for each event
 *   written; and "wrote N MICROSECONDS" as `events-N` reaches the touchscreen (both on CLOCK_MONOTONIC).
 *
 * The touchscreen's ioctls are answered by this host, not by umockdev's recording: the answers of DEVICE.ioctl,
 * except that EVIOCGMTSLOTS and EVIOCGKEY tell the fingers down now (from the events written so far), and EVIOCGRAB
 * is a grab as the kernel's: one descriptor at a time holds it (EBUSY for another). "grab", "ungrab" and "grab
 * refused" are logged. (umockdev 0.17.16 tells no handler that a descriptor closed, so a grab whose holder dies
 * without letting go stays, where the kernel would drop it.)
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

/* The touchscreen as the events written so far leave it: each slot's tracking id and position, BTN_TOUCH. The
 * main thread writes it, the testbed's thread reads it in the ioctl handler. */
#define SLOTS 5
static GMutex state_lock;
static int current_slot, tracking[SLOTS] = {-1, -1, -1, -1, -1}, xs[SLOTS], ys[SLOTS], touching;
static UMockdevIoctlClient *grabber;

/* DEVICE.ioctl's answers: name (as "EVIOCGBIT(3)"), data. */
struct answer {
    char name[32];
    unsigned char data[512];
    size_t length;
};
static struct answer answers[64];
static int answer_count;

static void load_answers(const char *path) {
    FILE *file = fopen(path, "r");
    char line[2048], name[32], hex[1100];
    unsigned long size;
    while (file && fgets(line, sizeof line, file) && answer_count < 64) {
        if (sscanf(line, "%31s %lu %1099s", name, &size, hex) != 3 || name[0] == '@') continue;
        struct answer *a = &answers[answer_count++];
        snprintf(a->name, sizeof a->name, "%s", name);
        for (a->length = 0; hex[2 * a->length] && hex[2 * a->length + 1] && a->length < sizeof a->data; a->length++)
            sscanf(hex + 2 * a->length, "%2hhx", &a->data[a->length]);
    }
    if (file) fclose(file);
}

static const struct answer *find_answer(const char *name) {
    for (int i = 0; i < answer_count; i++)
        if (strcmp(answers[i].name, name) == 0) return &answers[i];
    return NULL;
}

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


/* The touchscreen's ioctls (see the top of the file). */
static gboolean on_touchscreen_ioctl(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer data) {
    (void)handler, (void)data;
    unsigned long request = umockdev_ioctl_client_get_request(client);
    UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);
    unsigned type = _IOC_TYPE(request), nr = _IOC_NR(request), size = _IOC_SIZE(request);
    if (type != 'E') {
        umockdev_ioctl_client_complete(client, -1, ENOTTY);
        return TRUE;
    }
    if (request == EVIOCGRAB) {
        long on = (long)*(unsigned long *)arg->data;
        g_mutex_lock(&state_lock);
        int result = 0, error = 0;
        if (on && grabber && grabber != client) result = -1, error = EBUSY;
        else if (on) grabber = client;
        else if (grabber == client) grabber = NULL;
        else result = -1, error = EINVAL;
        g_mutex_unlock(&state_lock);
        record(result == 0 ? (on ? "grab" : "ungrab") : "grab refused");
        umockdev_ioctl_client_complete(client, result, error);
        return TRUE;
    }
    char name[32];
    if (nr == 0x01) snprintf(name, sizeof name, "EVIOCGVERSION");
    else if (nr == 0x02) snprintf(name, sizeof name, "EVIOCGID");
    else if (nr == 0x06) snprintf(name, sizeof name, "EVIOCGNAME(0)");
    else if (nr == 0x07) snprintf(name, sizeof name, "EVIOCGPHYS(0)");
    else if (nr == 0x08) snprintf(name, sizeof name, "EVIOCGUNIQ(0)");
    else if (nr == 0x09) snprintf(name, sizeof name, "EVIOCGPROP(0)");
    else if (nr == 0x0a) snprintf(name, sizeof name, "EVIOCGMTSLOTS");
    else if (nr == 0x18) snprintf(name, sizeof name, "EVIOCGKEY(0)");
    else if (nr == 0x19) snprintf(name, sizeof name, "EVIOCGLED(0)");
    else if (nr == 0x1b) snprintf(name, sizeof name, "EVIOCGSW(0)");
    else if (nr >= 0x20 && nr < 0x40) snprintf(name, sizeof name, "EVIOCGBIT(%u)", nr - 0x20);
    else if (nr >= 0x40 && nr < 0x80) snprintf(name, sizeof name, nr == 0x40 ? "EVIOCGABS" : "EVIOCGABS(%u)", nr - 0x40);
    else {
        /* EVIOCSCLOCKID is taken; nothing else is asked of a touchscreen. */
        umockdev_ioctl_client_complete(client, nr == 0xa0 ? 0 : -1, nr == 0xa0 ? 0 : ENOTTY);
        return TRUE;
    }
    GError *error = NULL;
    UMockdevIoctlData *buffer = size ? umockdev_ioctl_data_resolve(arg, 0, size, &error) : NULL;
    if (!buffer) {
        if (error) g_error_free(error);
        umockdev_ioctl_client_complete(client, -1, EFAULT);
        return TRUE;
    }
    if (nr == 0x0a) {
        /* The slots of the axis asked (the first value the client passed), as the events so far leave them. */
        int32_t *values = (int32_t *)buffer->data, code = size >= sizeof(int32_t) ? values[0] : -1;
        memset(buffer->data, 0, size);
        g_mutex_lock(&state_lock);
        for (int slot = 0; slot < SLOTS && (unsigned)(slot + 2) * sizeof(int32_t) <= size; slot++)
            values[slot + 1] = code == ABS_MT_TRACKING_ID ? tracking[slot] : code == ABS_MT_POSITION_X ? xs[slot] : code == ABS_MT_POSITION_Y ? ys[slot] : 0;
        values[0] = code;
        g_mutex_unlock(&state_lock);
        umockdev_ioctl_client_complete(client, 0, 0);
        return TRUE;
    }
    memset(buffer->data, 0, size);
    const struct answer *answer = find_answer(name);
    if (!answer) {
        umockdev_ioctl_client_complete(client, -1, ENOENT);
        return TRUE;
    }
    size_t length = answer->length < size ? answer->length : size;
    memcpy(buffer->data, answer->data, length);
    if (nr == 0x18) {
        g_mutex_lock(&state_lock);
        if (touching && size > BTN_TOUCH / 8) buffer->data[BTN_TOUCH / 8] |= 1 << (BTN_TOUCH % 8);
        g_mutex_unlock(&state_lock);
    }
    /* Names answer their length with the nul; the others their size. */
    int result = (nr >= 0x06 && nr <= 0x08) ? (int)strnlen((char *)buffer->data, size) + 1 : (nr >= 0x40 ? 0 : (int)length);
    umockdev_ioctl_client_complete(client, result, 0);
    return TRUE;
}

/* Follows what the events written do to the slots. */
static void follow(const struct input_event *e) {
    g_mutex_lock(&state_lock);
    if (e->type == EV_ABS && e->code == ABS_MT_SLOT) current_slot = e->value;
    else if (e->type == EV_ABS && current_slot >= 0 && current_slot < SLOTS) {
        if (e->code == ABS_MT_TRACKING_ID) tracking[current_slot] = e->value;
        if (e->code == ABS_MT_POSITION_X) xs[current_slot] = e->value;
        if (e->code == ABS_MT_POSITION_Y) ys[current_slot] = e->value;
    } else if (e->type == EV_KEY && e->code == BTN_TOUCH) touching = e->value;
    g_mutex_unlock(&state_lock);
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
        follow(&events[count]);
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
    if (!umockdev_testbed_attach_ioctl(testbed, "/dev/uinput", uinput, &error)) {
        fprintf(stderr, "relayhost: %s\n", error->message);
        return 2;
    }
    load_answers(argv[4]);
    UMockdevIoctlBase *touchscreen = umockdev_ioctl_base_new();
    g_signal_connect(touchscreen, "handle-ioctl", G_CALLBACK(on_touchscreen_ioctl), NULL);
    char preload[4096];
    snprintf(preload, sizeof preload, "%s:libumockdev-preload.so.0", argv[7]);
    signal(SIGTERM, forward);
    signal(SIGINT, forward);
    child = fork();
    if (child == 0) {
        setpgid(0, 0);
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
        snprintf(path, sizeof path, "%s/stop", folder);
        if (access(path, F_OK) == 0) {
            kill(-child, SIGTERM);
            for (int wait = 0; wait < 300 && waitpid(child, &status, WNOHANG) != child; wait++) usleep(10000);
            kill(-child, SIGKILL);
            waitpid(child, &status, 0);
            child = 0;
            return 0;
        }
        snprintf(path, sizeof path, "%s/plug", folder);
        if (!plugged && access(path, F_OK) == 0) {
            if (!umockdev_testbed_add_from_file(testbed, argv[2], &error) || !umockdev_testbed_attach_ioctl(testbed, node, touchscreen, &error)) {
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
