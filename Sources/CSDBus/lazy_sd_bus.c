/* libsystemd, loaded on first use (lazy_library.h). Every function animd and its tools call is here. */
#include "shim.h"
#include "lazy_library.h"

static struct animd_lazy_library systemd = {.soname = "libsystemd.so.0"};

const char *animd_sd_bus_load(void) {
    static struct animd_lazy_library *const libraries[] = {&systemd};
    return animd_lazy_load(libraries, sizeof libraries / sizeof libraries[0]);
}

/* libsystemd.so.0 */
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_add_object, (sd_bus *a0, sd_bus_slot **a1, const char *a2, sd_bus_message_handler_t a3, void *a4), (a0, a1, a2, a3, a4))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_call, (sd_bus *a0, sd_bus_message *a1, uint64_t a2, sd_bus_error *a3, sd_bus_message **a4), (a0, a1, a2, a3, a4))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_call_async, (sd_bus *a0, sd_bus_slot **a1, sd_bus_message *a2, sd_bus_message_handler_t a3, void *a4, uint64_t a5), (a0, a1, a2, a3, a4, a5))
ANIMD_LAZY_VOID_FUNCTION(systemd, sd_bus_error_free, (sd_bus_error *a0), (a0))
ANIMD_LAZY_FUNCTION(systemd, sd_bus *, sd_bus_flush_close_unref, (sd_bus *a0), (a0))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_get_events, (sd_bus *a0), (a0))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_get_fd, (sd_bus *a0), (a0))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_get_timeout, (sd_bus *a0, uint64_t *a1), (a0, a1))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_get_unique_name, (sd_bus *a0, const char **a1), (a0, a1))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_match_signal, (sd_bus *a0, sd_bus_slot **a1, const char *a2, const char *a3, const char *a4, const char *a5, sd_bus_message_handler_t a6, void *a7), (a0, a1, a2, a3, a4, a5, a6, a7))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_message_append_basic, (sd_bus_message *a0, char a1, const void *a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_message_enter_container, (sd_bus_message *a0, char a1, const char *a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_message_exit_container, (sd_bus_message *a0), (a0))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_message_get_cookie, (sd_bus_message *a0, uint64_t *a1), (a0, a1))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_message_get_reply_cookie, (sd_bus_message *a0, uint64_t *a1), (a0, a1))
ANIMD_LAZY_FUNCTION(systemd, const char *, sd_bus_message_get_member, (sd_bus_message *a0), (a0))
ANIMD_LAZY_FUNCTION(systemd, const char *, sd_bus_message_get_sender, (sd_bus_message *a0), (a0))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_message_new_method_call, (sd_bus *a0, sd_bus_message **a1, const char *a2, const char *a3, const char *a4, const char *a5), (a0, a1, a2, a3, a4, a5))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_message_is_method_error, (sd_bus_message *a0, const char *a1), (a0, a1))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_message_new_method_return, (sd_bus_message *a0, sd_bus_message **a1), (a0, a1))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_message_peek_type, (sd_bus_message *a0, char *a1, const char **a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_message_read_basic, (sd_bus_message *a0, char a1, void *a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_message_set_auto_start, (sd_bus_message *a0, int a1), (a0, a1))
ANIMD_LAZY_FUNCTION(systemd, sd_bus_message *, sd_bus_message_unref, (sd_bus_message *a0), (a0))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_new, (sd_bus **a0), (a0))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_process, (sd_bus *a0, sd_bus_message **a1), (a0, a1))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_send, (sd_bus *a0, sd_bus_message *a1, uint64_t *a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_set_address, (sd_bus *a0, const char *a1), (a0, a1))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_set_bus_client, (sd_bus *a0, int a1), (a0, a1))
ANIMD_LAZY_FUNCTION(systemd, int, sd_bus_start, (sd_bus *a0), (a0))
ANIMD_LAZY_FUNCTION(systemd, sd_bus *, sd_bus_unref, (sd_bus *a0), (a0))
