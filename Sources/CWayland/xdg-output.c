/* The xdg-output protocol (unstable v1, up to version 3), bound by hand from its XML's messages: see
 * animd-wayland.h. Signatures follow libwayland's encoding: "n" a new object, "o" an object, "i" an int,
 * "s" a string, a leading version number the version that added the message. */
#include "animd-wayland.h"

static const struct wl_interface *types[] = {
    NULL,
    NULL,
    &animd_zxdg_output_v1_interface,
    &wl_output_interface,
};

static const struct wl_message manager_requests[] = {
    {"destroy", "", types + 0},
    {"get_xdg_output", "no", types + 2},
};

const struct wl_interface animd_zxdg_output_manager_v1_interface = {
    "zxdg_output_manager_v1", 3, 2, manager_requests, 0, NULL,
};

static const struct wl_message output_requests[] = {
    {"destroy", "", types + 0},
};

static const struct wl_message output_events[] = {
    {"logical_position", "ii", types + 0},
    {"logical_size", "ii", types + 0},
    {"done", "", types + 0},
    {"name", "2s", types + 0},
    {"description", "2s", types + 0},
};

const struct wl_interface animd_zxdg_output_v1_interface = {
    "zxdg_output_v1", 3, 1, output_requests, 5, output_events,
};
