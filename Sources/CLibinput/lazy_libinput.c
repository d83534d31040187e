/* libinput and libudev, loaded on first use (lazy_library.h): by the libinput backend, and by the X11 backend for the
 * tablet-mode switch (TabletModeSwitches). Every function animd and its tools call is here. */
#include "shim.h"
#include "lazy_library.h"

static struct animd_lazy_library libinput = {.soname = "libinput.so.10"};
static struct animd_lazy_library udev = {.soname = "libudev.so.1"};

const char *animd_libinput_load(void) {
    static struct animd_lazy_library *const libraries[] = {&libinput, &udev};
    return animd_lazy_load(libraries, sizeof libraries / sizeof libraries[0]);
}

/* libinput.so.10 */
ANIMD_LAZY_FUNCTION(libinput, int, libinput_device_config_calibration_get_matrix, (struct libinput_device *a0, float a1[6]), (a0, a1))
ANIMD_LAZY_FUNCTION(libinput, enum libinput_config_status, libinput_device_config_send_events_set_mode, (struct libinput_device *a0, uint32_t a1), (a0, a1))
ANIMD_LAZY_FUNCTION(libinput, const char *, libinput_device_get_name, (struct libinput_device *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, const char *, libinput_device_get_output_name, (struct libinput_device *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, struct udev_device *, libinput_device_get_udev_device, (struct libinput_device *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, struct libinput_device *, libinput_device_ref, (struct libinput_device *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, struct libinput_device *, libinput_device_unref, (struct libinput_device *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, int, libinput_device_has_capability, (struct libinput_device *a0, enum libinput_device_capability a1), (a0, a1))
ANIMD_LAZY_FUNCTION(libinput, int, libinput_device_switch_has_switch, (struct libinput_device *a0, enum libinput_switch a1), (a0, a1))
ANIMD_LAZY_FUNCTION(libinput, int, libinput_dispatch, (struct libinput *a0), (a0))
ANIMD_LAZY_VOID_FUNCTION(libinput, libinput_event_destroy, (struct libinput_event *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, double, libinput_event_gesture_get_angle_delta, (struct libinput_event_gesture *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, int, libinput_event_gesture_get_cancelled, (struct libinput_event_gesture *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, double, libinput_event_gesture_get_dx, (struct libinput_event_gesture *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, double, libinput_event_gesture_get_dy, (struct libinput_event_gesture *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, int, libinput_event_gesture_get_finger_count, (struct libinput_event_gesture *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, double, libinput_event_gesture_get_scale, (struct libinput_event_gesture *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, uint64_t, libinput_event_gesture_get_time_usec, (struct libinput_event_gesture *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, struct libinput_device *, libinput_event_get_device, (struct libinput_event *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, struct libinput_event_gesture *, libinput_event_get_gesture_event, (struct libinput_event *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, struct libinput_event_switch *, libinput_event_get_switch_event, (struct libinput_event *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, struct libinput_event_touch *, libinput_event_get_touch_event, (struct libinput_event *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, enum libinput_event_type, libinput_event_get_type, (struct libinput_event *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, enum libinput_switch, libinput_event_switch_get_switch, (struct libinput_event_switch *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, enum libinput_switch_state, libinput_event_switch_get_switch_state, (struct libinput_event_switch *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, int32_t, libinput_event_touch_get_seat_slot, (struct libinput_event_touch *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, uint64_t, libinput_event_touch_get_time_usec, (struct libinput_event_touch *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, double, libinput_event_touch_get_x_transformed, (struct libinput_event_touch *a0, uint32_t a1), (a0, a1))
ANIMD_LAZY_FUNCTION(libinput, double, libinput_event_touch_get_y_transformed, (struct libinput_event_touch *a0, uint32_t a1), (a0, a1))
ANIMD_LAZY_FUNCTION(libinput, struct libinput_event *, libinput_get_event, (struct libinput *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, int, libinput_get_fd, (struct libinput *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, void *, libinput_get_user_data, (struct libinput *a0), (a0))
ANIMD_LAZY_VOID_FUNCTION(libinput, libinput_log_set_handler, (struct libinput *a0, libinput_log_handler a1), (a0, a1))
ANIMD_LAZY_VOID_FUNCTION(libinput, libinput_log_set_priority, (struct libinput *a0, enum libinput_log_priority a1), (a0, a1))
ANIMD_LAZY_FUNCTION(libinput, struct libinput_device *, libinput_path_add_device, (struct libinput *a0, const char *a1), (a0, a1))
ANIMD_LAZY_FUNCTION(libinput, struct libinput *, libinput_path_create_context, (const struct libinput_interface *a0, void *a1), (a0, a1))
ANIMD_LAZY_VOID_FUNCTION(libinput, libinput_path_remove_device, (struct libinput_device *a0), (a0))
ANIMD_LAZY_FUNCTION(libinput, int, libinput_udev_assign_seat, (struct libinput *a0, const char *a1), (a0, a1))
ANIMD_LAZY_FUNCTION(libinput, struct libinput *, libinput_udev_create_context, (const struct libinput_interface *a0, void *a1, struct udev *a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(libinput, struct libinput *, libinput_unref, (struct libinput *a0), (a0))

/* libudev.so.1 */
ANIMD_LAZY_FUNCTION(udev, const char *, udev_device_get_devnode, (struct udev_device *a0), (a0))
ANIMD_LAZY_FUNCTION(udev, struct udev_device *, udev_device_unref, (struct udev_device *a0), (a0))
ANIMD_LAZY_FUNCTION(udev, struct udev *, udev_new, (void), ())
ANIMD_LAZY_FUNCTION(udev, struct udev *, udev_unref, (struct udev *a0), (a0))
