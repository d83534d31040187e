/* umockdev with an unplug, for the libinput tests: mocks one evdev device from a .umockdev and .ioctl file, replays
 * an evemu .events file on it, runs a command in the mocked world (umockdev's preload, after `preload`), and after
 * `delay` milliseconds removes the device and sends its "remove" uevent, as unplugging does. It ends when the command
 * does, or after `timeout` seconds. It must itself run with LD_PRELOAD=libumockdev-preload.so.0, as umockdev's own
 * tests do: its uevents go through the mocked sysfs.
 *
 *   unplug DEVICE.umockdev NODE DEVICE.ioctl EVENTS SYSFS-PATH DELAY-MS TIMEOUT-S PRELOAD -- COMMAND ARGS...
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <umockdev.h>
#include <unistd.h>

static pid_t child;

static void forward(int signal) {
    if (child > 0) kill(child, signal);
}

int main(int argc, char **argv) {
    if (argc < 11 || strcmp(argv[9], "--") != 0) {
        fprintf(stderr, "usage: unplug DEVICE.umockdev NODE DEVICE.ioctl EVENTS SYSFS-PATH DELAY-MS TIMEOUT-S PRELOAD -- COMMAND...\n");
        return 2;
    }
    GError *error = NULL;
    UMockdevTestbed *testbed = umockdev_testbed_new();
    if (!umockdev_testbed_add_from_file(testbed, argv[1], &error) || !umockdev_testbed_load_ioctl(testbed, argv[2], argv[3], &error)
        || !umockdev_testbed_load_evemu_events(testbed, argv[2], argv[4], &error)) {
        fprintf(stderr, "unplug: %s\n", error->message);
        return 1;
    }
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
    const long delay = atol(argv[6]);
    struct timespec pause = {delay / 1000, (delay % 1000) * 1000000L};
    while (nanosleep(&pause, &pause) != 0) {}
    umockdev_testbed_uevent(testbed, argv[5], "remove");
    umockdev_testbed_remove_device(testbed, argv[5]);
    /* The testbed's thread serves the mocked ioctls and events: keep it alive until the command ends. */
    const long limit = atol(argv[7]) * 10;
    int status = 0;
    for (long waited = 0; waited < limit; waited++) {
        if (waitpid(child, &status, WNOHANG) == child) return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        usleep(100000);
    }
    kill(child, SIGKILL);
    waitpid(child, &status, 0);
    return 124;
}
