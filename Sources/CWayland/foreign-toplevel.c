/* wlr-foreign-toplevel-management (unstable v1, up to version 3), bound by hand from its XML's messages, as
 * xdg-output.c is: see animd-wayland.h. animd only listens (which toplevel is activated, and full screen) and
 * destroys the handles; the other requests are here so that the opcodes are the protocol's. The message tables
 * below are the protocol's own lists, in its order (as wayland-scanner would write them), so their likeness to each
 * other and to xdg-output.c's is the protocol's, not code to share. */
#include "animd-wayland.h"

static const struct wl_interface *types[] = {
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
    &animd_zwlr_foreign_toplevel_handle_v1_interface, /* 5: manager.toplevel's new handle */
    &wl_seat_interface,                               /* 6: handle.activate */
    &wl_surface_interface,                            /* 7: handle.set_rectangle */
    &wl_output_interface,                             /* 8: handle.set_fullscreen, output_enter, output_leave */
    &animd_zwlr_foreign_toplevel_handle_v1_interface, /* 9: handle.parent */
};

static const struct wl_message manager_requests[] = {
    {"stop", "", types + 0},
};

static const struct wl_message manager_events[] = {
    {"toplevel", "n", types + 5},
    {"finished", "", types + 0},
};

const struct wl_interface animd_zwlr_foreign_toplevel_manager_v1_interface = {
    "zwlr_foreign_toplevel_manager_v1", 3, 1, manager_requests, 2, manager_events,
};

static const struct wl_message handle_requests[] = {
    {"set_maximized", "", types + 0},
    {"unset_maximized", "", types + 0},
    {"set_minimized", "", types + 0},
    {"unset_minimized", "", types + 0},
    {"activate", "o", types + 6},
    {"close", "", types + 0},
    {"set_rectangle", "oiiii", types + 7},
    {"destroy", "", types + 0},
    {"set_fullscreen", "2?o", types + 8},
    {"unset_fullscreen", "2", types + 0},
};

static const struct wl_message handle_events[] = {
    {"title", "s", types + 0},
    {"app_id", "s", types + 0},
    {"output_enter", "o", types + 8},
    {"output_leave", "o", types + 8},
    {"state", "a", types + 0},
    {"done", "", types + 0},
    {"closed", "", types + 0},
    {"parent", "3?o", types + 9},
};

const struct wl_interface animd_zwlr_foreign_toplevel_handle_v1_interface = {
    "zwlr_foreign_toplevel_handle_v1", 3, 10, handle_requests, 8, handle_events,
};
