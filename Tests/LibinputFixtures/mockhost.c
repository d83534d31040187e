/* The host of one mocked evdev device, for the libinput tests: runs a command (animd) in umockdev's mocked world,
 * and plugs the device in and out when the test says so, as a person would.
 *
 *   mockhost DEVICE.umockdev NODE DEVICE.ioctl EVENTS SYSFS-PATH UNPLUG TIMEOUT-S PRELOAD -- COMMAND ARGS...
 *
 * - The device is plugged in (added to the testbed, its "add" uevent sent) once the file EVENTS exists; umockdev then
 *   replays those evemu events when the command opens the node. So the test writes EVENTS after it has subscribed,
 *   and no event can happen before anyone listens, however slowly the command starts.
 * - It is unplugged (removed, its "remove" uevent sent) once the file UNPLUG exists, if UNPLUG is not "-".
 * - It ends when the command does, or after TIMEOUT-S seconds, killing the command.
 *
 * It must itself run with LD_PRELOAD=libumockdev-preload.so.0, as umockdev's own tests do: its uevents go through
 * the mocked sysfs. The command gets PRELOAD before umockdev's preload. */
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <umockdev.h>
#include <unistd.h>

static pid_t child;

static void forward(int signal) {
    if (child > 0) kill(child, signal);
}

/* Waits in 10 ms steps until `path` exists or the command ends; false when the command ended or time ran out. */
static bool await_file(const char *path, long *ticks_left, int *status) {
    for (; *ticks_left > 0; (*ticks_left)--) {
        if (access(path, F_OK) == 0) return true;
        if (waitpid(child, status, WNOHANG) == child) {
            child = 0;
            return false;
        }
        usleep(10000);
    }
    return false;
}

static bool plug_in(UMockdevTestbed *testbed, char **argv) {
    GError *error = NULL;
    if (!umockdev_testbed_add_from_file(testbed, argv[1], &error) || !umockdev_testbed_load_ioctl(testbed, argv[2], argv[3], &error)
        || !umockdev_testbed_load_evemu_events(testbed, argv[2], argv[4], &error)) {
        fprintf(stderr, "mockhost: %s\n", error->message);
        return false;
    }
    umockdev_testbed_uevent(testbed, argv[5], "add");
    return true;
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
    if (argc < 11 || strcmp(argv[9], "--") != 0) {
        fprintf(stderr, "usage: mockhost DEVICE.umockdev NODE DEVICE.ioctl EVENTS SYSFS-PATH UNPLUG TIMEOUT-S PRELOAD -- COMMAND...\n");
        return 2;
    }
    UMockdevTestbed *testbed = umockdev_testbed_new();
    char preload[4096];
    snprintf(preload, sizeof preload, "%s:libumockdev-preload.so.0", argv[8]);
    signal(SIGTERM, forward);
    signal(SIGINT, forward);
    child = fork();
    if (child == 0) {
        setenv("LD_PRELOAD", preload, 1);
        execvp(argv[10], argv + 10);
        _exit(127);
    }
    /* The testbed's thread serves the mocked ioctls and events: this process lives until the command ends. */
    long ticks_left = atol(argv[7]) * 100;
    int status = 0;
    if (!await_file(argv[4], &ticks_left, &status)) return finish(status);
    if (!plug_in(testbed, argv)) return finish(status);
    if (strcmp(argv[6], "-") != 0) {
        if (!await_file(argv[6], &ticks_left, &status)) return finish(status);
        umockdev_testbed_uevent(testbed, argv[5], "remove");
        umockdev_testbed_remove_device(testbed, argv[5]);
    }
    while (child > 0 && ticks_left-- > 0) {
        if (waitpid(child, &status, WNOHANG) == child) child = 0;
        else usleep(10000);
    }
    return finish(status);
}
