#ifndef ANIMD_WAYLAND_H
#define ANIMD_WAYLAND_H
/* The Wayland client side animd needs: wl_output (libwayland's own header), the xdg-output protocol
 * (zxdg_output_manager_v1, zxdg_output_v1), bound by hand in xdg-output.c: two interfaces, one request each
 * besides destroy, and a listener, which is smaller than a generated binding and a build step for it; and
 * wlr-foreign-toplevel-management (foreign-toplevel.c), whose events say which window has the focus. */
#include <wayland-client.h>

extern const struct wl_interface animd_zxdg_output_manager_v1_interface;
extern const struct wl_interface animd_zxdg_output_v1_interface;

/* zxdg_output_v1's events, in the protocol's order. */
struct animd_xdg_output_listener {
    void (*logical_position)(void *data, struct wl_proxy *xdg_output, int32_t x, int32_t y);
    void (*logical_size)(void *data, struct wl_proxy *xdg_output, int32_t width, int32_t height);
    void (*done)(void *data, struct wl_proxy *xdg_output);
    void (*name)(void *data, struct wl_proxy *xdg_output, const char *name);
    void (*description)(void *data, struct wl_proxy *xdg_output, const char *description);
};

/* zxdg_output_manager_v1.get_xdg_output (opcode 1). */
static inline struct wl_proxy *animd_xdg_output_manager_get_xdg_output(struct wl_proxy *manager, struct wl_output *output) {
    return wl_proxy_marshal_flags(manager, 1, &animd_zxdg_output_v1_interface, wl_proxy_get_version(manager), 0, NULL, output);
}

/* destroy (opcode 0), for the manager and an xdg_output alike. */
static inline void animd_xdg_destroy(struct wl_proxy *proxy) {
    wl_proxy_marshal_flags(proxy, 0, NULL, wl_proxy_get_version(proxy), WL_MARSHAL_FLAG_DESTROY);
}

static inline int animd_xdg_output_add_listener(struct wl_proxy *xdg_output, const struct animd_xdg_output_listener *listener, void *data) {
    return wl_proxy_add_listener(xdg_output, (void (**)(void))listener, data);
}

extern const struct wl_interface animd_zwlr_foreign_toplevel_manager_v1_interface;
extern const struct wl_interface animd_zwlr_foreign_toplevel_handle_v1_interface;

/* zwlr_foreign_toplevel_manager_v1's events. */
struct animd_foreign_toplevel_manager_listener {
    void (*toplevel)(void *data, struct wl_proxy *manager, struct wl_proxy *toplevel);
    void (*finished)(void *data, struct wl_proxy *manager);
};

/* zwlr_foreign_toplevel_handle_v1's events, in the protocol's order. `state` is an array of uint32 states:
 * 0 maximized, 1 minimized, 2 activated, 3 fullscreen (version 2). */
struct animd_foreign_toplevel_handle_listener {
    void (*title)(void *data, struct wl_proxy *handle, const char *title);
    void (*app_id)(void *data, struct wl_proxy *handle, const char *app_id);
    void (*output_enter)(void *data, struct wl_proxy *handle, struct wl_output *output);
    void (*output_leave)(void *data, struct wl_proxy *handle, struct wl_output *output);
    void (*state)(void *data, struct wl_proxy *handle, struct wl_array *state);
    void (*done)(void *data, struct wl_proxy *handle);
    void (*closed)(void *data, struct wl_proxy *handle);
    void (*parent)(void *data, struct wl_proxy *handle, struct wl_proxy *parent);
};

static inline int animd_foreign_toplevel_manager_add_listener(struct wl_proxy *manager,
                                                              const struct animd_foreign_toplevel_manager_listener *listener, void *data) {
    return wl_proxy_add_listener(manager, (void (**)(void))listener, data);
}

static inline int animd_foreign_toplevel_handle_add_listener(struct wl_proxy *handle,
                                                             const struct animd_foreign_toplevel_handle_listener *listener, void *data) {
    return wl_proxy_add_listener(handle, (void (**)(void))listener, data);
}

/* zwlr_foreign_toplevel_handle_v1.destroy (opcode 7). */
static inline void animd_foreign_toplevel_handle_destroy(struct wl_proxy *handle) {
    wl_proxy_marshal_flags(handle, 7, NULL, wl_proxy_get_version(handle), WL_MARSHAL_FLAG_DESTROY);
}

/* The manager is destroyed without a request once it said `finished`; before, `stop` (opcode 0) asks for that. */
static inline void animd_foreign_toplevel_manager_stop(struct wl_proxy *manager) {
    wl_proxy_marshal_flags(manager, 0, NULL, wl_proxy_get_version(manager), 0);
}

static inline const struct wl_interface *animd_foreign_toplevel_manager_interface(void) {
    return &animd_zwlr_foreign_toplevel_manager_v1_interface;
}

/* The state array's entries, which Swift cannot index through a wl_array. */
static inline size_t animd_wl_array_count_u32(const struct wl_array *array) { return array ? array->size / sizeof(uint32_t) : 0; }
static inline uint32_t animd_wl_array_u32(const struct wl_array *array, size_t index) { return ((const uint32_t *)array->data)[index]; }

/* The interfaces' addresses: libwayland keeps them in each proxy, so they must be the globals themselves. */
static inline const struct wl_interface *animd_wl_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *animd_xdg_output_manager_interface(void) { return &animd_zxdg_output_manager_v1_interface; }

static inline struct wl_proxy *animd_registry_bind(struct wl_registry *registry, uint32_t name, const struct wl_interface *interface,
                                                   uint32_t version) {
    return (struct wl_proxy *)wl_registry_bind(registry, name, interface, version);
}
#endif
