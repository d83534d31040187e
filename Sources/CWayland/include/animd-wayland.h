#ifndef ANIMD_WAYLAND_H
#define ANIMD_WAYLAND_H
/* The Wayland client side animd needs: wl_output (libwayland's own header) and the xdg-output protocol
 * (zxdg_output_manager_v1, zxdg_output_v1), bound by hand in xdg-output.c: two interfaces, one request each
 * besides destroy, and a listener, which is smaller than a generated binding and a build step for it. */
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

/* The interfaces' addresses: libwayland keeps them in each proxy, so they must be the globals themselves. */
static inline const struct wl_interface *animd_wl_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *animd_xdg_output_manager_interface(void) { return &animd_zxdg_output_manager_v1_interface; }

static inline struct wl_proxy *animd_registry_bind(struct wl_registry *registry, uint32_t name, const struct wl_interface *interface,
                                                   uint32_t version) {
    return (struct wl_proxy *)wl_registry_bind(registry, name, interface, version);
}
#endif
