/*
 * The fan-out benchmark's baseline: the least a daemon must do for the job animd does, in plain C.
 *
 *   baseline SOCKET FRAME-FILE
 *
 * It listens on a Unix socket and reads newline-delimited requests with epoll. A line with "subscribe" makes its
 * connection a subscriber; a line with "input.inject" makes it write FRAME-FILE's bytes (animd's own progress line,
 * captured by the benchmark) to every subscriber, one write() each, then answer the sender. Every request gets
 * {"jsonrpc":"2.0","id":ID,"result":{}} with its id. No parsing beyond that, no engine, no allocation per frame:
 * the kernel's floor for "receive the request line, write the same bytes to N sockets".
 *
 * With BASELINE_SAME_SLICE set, it follows animd's scheduling, from the header it includes: the slice rule
 * (animd_wanted_slice: 0.1 ms from two subscribers on, the default below; Linux >= 6.12) and the hand-over after a
 * fan-out (animd_hand_over), so that `animd-bench fanout --same-slice` compares the two on equal scheduling.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <stdint.h>
#include <sys/un.h>
#include <unistd.h>

/* sched_setattr and animd's slice rule, from the daemon's own header-only module. */
#include "../../Sources/CLinuxScheduling/scheduling.h"

#define MAX_CLIENTS 4096
#define BUFFER 65536

static char frame[BUFFER];
static size_t frame_length;
static int subscriber[MAX_CLIENTS];
static int subscribers;
static void follow_slice(void);
#define LINE 4096
static char pending[MAX_CLIENTS][LINE];
static size_t pending_length[MAX_CLIENTS];

static void write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += written;
        length -= (size_t)written;
    }
}

static void answer(int fd, const char *line) {
    const char *id = strstr(line, "\"id\":");
    char reply[128];
    long value = id ? strtol(id + 5, NULL, 10) : 0;
    int length = snprintf(reply, sizeof reply, "{\"jsonrpc\":\"2.0\",\"id\":%ld,\"result\":{}}\n", value);
    write_all(fd, reply, (size_t)length);
}

static int same_slice;

static void handle_line(int fd, const char *line) {
    if (strstr(line, "\"input.inject\"")) {
        for (int client = 0; client < MAX_CLIENTS; client++)
            if (subscriber[client]) write_all(client, frame, frame_length);
        if (same_slice && subscribers > 0) animd_hand_over();
    } else if (strstr(line, "\"subscribe\"")) {
        if (!subscriber[fd]) subscribers++;
        subscriber[fd] = 1;
        follow_slice();
    }
    answer(fd, line);
}

static void follow_slice(void) {
    static uint64_t requested;
    uint64_t wanted = animd_wanted_slice(subscribers);
    if (!same_slice || wanted == requested) return;
    requested = wanted;
    int64_t granted = animd_request_slice(wanted);
    if (granted < 0) fprintf(stderr, "baseline: sched_setattr: %s\n", strerror((int)-granted));
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: baseline SOCKET FRAME-FILE\n");
        return 2;
    }
    same_slice = getenv("BASELINE_SAME_SLICE") != NULL;
    FILE *file = fopen(argv[2], "rb");
    if (!file) { perror("baseline: frame file"); return 1; }
    frame_length = fread(frame, 1, sizeof frame, file);
    fclose(file);

    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    strncpy(address.sun_path, argv[1], sizeof address.sun_path - 1);
    unlink(argv[1]);
    if (bind(listener, (struct sockaddr *)&address, sizeof address) < 0 || listen(listener, 1024) < 0) {
        perror("baseline: listen");
        return 1;
    }
    int poller = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event event = { .events = EPOLLIN, .data.fd = listener };
    epoll_ctl(poller, EPOLL_CTL_ADD, listener, &event);
    struct epoll_event ready[256];
    static char chunk[BUFFER];
    for (;;) {
        int count = epoll_wait(poller, ready, 256, -1);
        for (int i = 0; i < count; i++) {
            int fd = ready[i].data.fd;
            if (fd == listener) {
                int client = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
                if (client < 0 || client >= MAX_CLIENTS) { if (client >= 0) close(client); continue; }
                struct epoll_event add = { .events = EPOLLIN, .data.fd = client };
                epoll_ctl(poller, EPOLL_CTL_ADD, client, &add);
                continue;
            }
            ssize_t got = read(fd, chunk, sizeof chunk);
            if (got <= 0) {
                epoll_ctl(poller, EPOLL_CTL_DEL, fd, NULL);
                close(fd);
                if (subscriber[fd]) subscribers--;
                subscriber[fd] = 0;
                follow_slice();
                pending_length[fd] = 0;
                continue;
            }
            for (ssize_t k = 0; k < got; k++) {
                if (chunk[k] == '\n') {
                    pending[fd][pending_length[fd]] = 0;
                    handle_line(fd, pending[fd]);
                    pending_length[fd] = 0;
                } else if (pending_length[fd] < LINE - 1) {
                    pending[fd][pending_length[fd]++] = chunk[k];
                }
            }
        }
    }
}
