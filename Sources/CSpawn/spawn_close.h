#ifndef ANIMD_SPAWN_CLOSE_H
#define ANIMD_SPAWN_CLOSE_H
/*
 * posix_spawn_file_actions_addclosefrom_np (glibc 2.34): the spawned child closes every descriptor from `from` on,
 * whatever the parent has open and whether or not it is close-on-exec. glibc declares it only under _GNU_SOURCE,
 * which Swift's Glibc module is not built with; the prototype is glibc's own.
 */
#include <spawn.h>

extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

static inline int animd_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

#endif
