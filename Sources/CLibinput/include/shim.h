#ifndef ANIMD_CLIBINPUT_SHIM_H
#define ANIMD_CLIBINPUT_SHIM_H
#include <libinput.h>
#include <libudev.h>

/* NULL once libinput and libudev are loaded; otherwise why one cannot be, valid until this thread's next dl call.
 * animd loads them, and glib through libinput's libwacom, only when the libinput backend starts, or the X11 backend
 * finds a tablet-mode switch to read (lazy_libinput.c). */
const char *animd_libinput_load(void);
#endif
