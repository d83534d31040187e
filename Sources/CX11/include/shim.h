#ifndef ANIMD_CX11_SHIM_H
#define ANIMD_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/Xinerama.h>

/* Swift cannot import function-like macros; these wrap the XI2 mask macros. */
static inline void animd_xi_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int animd_xi_mask_is_set(const unsigned char *mask, int event) { return XIMaskIsSet(mask, event) ? 1 : 0; }
static inline int animd_xi_mask_len(int event) { return XIMaskLen(event); }

/* NULL once libX11, libXi, libXrandr, libXfixes and libXinerama are loaded; otherwise why one cannot be, valid until
 * this thread's next dl call. animd loads them only when the X11 backend starts (lazy_x11.c). */
const char *animd_x11_load(void);
#endif
