/* the X libraries, loaded on first use (lazy_library.h). Every function animd and its tools call is here. */
#include "shim.h"
#include "lazy_library.h"

static struct animd_lazy_library x11 = {.soname = "libX11.so.6"};
static struct animd_lazy_library xi = {.soname = "libXi.so.6"};
static struct animd_lazy_library xrandr = {.soname = "libXrandr.so.2"};
static struct animd_lazy_library xfixes = {.soname = "libXfixes.so.3"};
static struct animd_lazy_library xinerama = {.soname = "libXinerama.so.1"};

const char *animd_x11_load(void) {
    static struct animd_lazy_library *const libraries[] = {&x11, &xi, &xrandr, &xfixes, &xinerama};
    return animd_lazy_load(libraries, sizeof libraries / sizeof libraries[0]);
}

/* libX11.so.6 */
ANIMD_LAZY_FUNCTION(x11, int, XChangeProperty, (Display *a0, Window a1, Atom a2, Atom a3, int a4, int a5, const unsigned char *a6, int a7), (a0, a1, a2, a3, a4, a5, a6, a7))
ANIMD_LAZY_FUNCTION(x11, int, XCloseDisplay, (Display *a0), (a0))
ANIMD_LAZY_FUNCTION(x11, int, XConnectionNumber, (Display *a0), (a0))
ANIMD_LAZY_FUNCTION(x11, int, XCopyArea, (Display *a0, Drawable a1, Drawable a2, GC a3, int a4, int a5, unsigned int a6, unsigned int a7, int a8, int a9), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9))
ANIMD_LAZY_FUNCTION(x11, GC, XCreateGC, (Display *a0, Drawable a1, unsigned long a2, XGCValues *a3), (a0, a1, a2, a3))
ANIMD_LAZY_FUNCTION(x11, Pixmap, XCreatePixmap, (Display *a0, Drawable a1, unsigned int a2, unsigned int a3, unsigned int a4), (a0, a1, a2, a3, a4))
ANIMD_LAZY_FUNCTION(x11, Window, XCreateSimpleWindow, (Display *a0, Window a1, int a2, int a3, unsigned int a4, unsigned int a5, unsigned int a6, unsigned long a7, unsigned long a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8))
ANIMD_LAZY_FUNCTION(x11, Window, XCreateWindow, (Display *a0, Window a1, int a2, int a3, unsigned int a4, unsigned int a5, unsigned int a6, int a7, unsigned int a8, Visual *a9, unsigned long a10, XSetWindowAttributes *a11), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11))
ANIMD_LAZY_FUNCTION(x11, int, XDefaultDepth, (Display *a0, int a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, Window, XDefaultRootWindow, (Display *a0), (a0))
ANIMD_LAZY_FUNCTION(x11, int, XDefaultScreen, (Display *a0), (a0))
ANIMD_LAZY_FUNCTION(x11, int, XDestroyWindow, (Display *a0, Window a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, int, XDisplayHeight, (Display *a0, int a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, int, XDisplayWidth, (Display *a0, int a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, int, XDrawString, (Display *a0, Drawable a1, GC a2, int a3, int a4, const char *a5, int a6), (a0, a1, a2, a3, a4, a5, a6))
ANIMD_LAZY_FUNCTION(x11, int, XFetchName, (Display *a0, Window a1, char **a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(x11, int, XFillRectangle, (Display *a0, Drawable a1, GC a2, int a3, int a4, unsigned int a5, unsigned int a6), (a0, a1, a2, a3, a4, a5, a6))
ANIMD_LAZY_FUNCTION(x11, int, XFlush, (Display *a0), (a0))
ANIMD_LAZY_FUNCTION(x11, int, XFree, (void *a0), (a0))
ANIMD_LAZY_VOID_FUNCTION(x11, XFreeEventData, (Display *a0, XGenericEventCookie *a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, int, XFreePixmap, (Display *a0, Pixmap a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, char *, XGetAtomName, (Display *a0, Atom a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, int, XGetErrorText, (Display *a0, int a1, char *a2, int a3), (a0, a1, a2, a3))
ANIMD_LAZY_FUNCTION(x11, int, XGetEventData, (Display *a0, XGenericEventCookie *a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, Window, XGetSelectionOwner, (Display *a0, Atom a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, int, XGetWindowAttributes, (Display *a0, Window a1, XWindowAttributes *a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(x11, int, XGetWindowProperty, (Display *a0, Window a1, Atom a2, long a3, long a4, int a5, Atom a6, Atom *a7, int *a8, unsigned long *a9, unsigned long *a10, unsigned char **a11), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11))
ANIMD_LAZY_FUNCTION(x11, int, XGrabServer, (Display *a0), (a0))
ANIMD_LAZY_FUNCTION(x11, Atom, XInternAtom, (Display *a0, const char *a1, int a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(x11, int, XMapRaised, (Display *a0, Window a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, int, XMapWindow, (Display *a0, Window a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, int, XNextEvent, (Display *a0, XEvent *a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, Display *, XOpenDisplay, (const char *a0), (a0))
ANIMD_LAZY_FUNCTION(x11, int, XPending, (Display *a0), (a0))
ANIMD_LAZY_FUNCTION(x11, int, XQLength, (Display *a0), (a0))
ANIMD_LAZY_FUNCTION(x11, int, XQueryExtension, (Display *a0, const char *a1, int *a2, int *a3, int *a4), (a0, a1, a2, a3, a4))
ANIMD_LAZY_FUNCTION(x11, int, XQueryTree, (Display *a0, Window a1, Window *a2, Window *a3, Window **a4, unsigned int *a5), (a0, a1, a2, a3, a4, a5))
ANIMD_LAZY_FUNCTION(x11, int, XRaiseWindow, (Display *a0, Window a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, Window, XRootWindow, (Display *a0, int a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, int, XSelectInput, (Display *a0, Window a1, long a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(x11, int, XSendEvent, (Display *a0, Window a1, int a2, long a3, XEvent *a4), (a0, a1, a2, a3, a4))
ANIMD_LAZY_VOID_FUNCTION(x11, XSetAuthorization, (char *a0, int a1, char *a2, int a3), (a0, a1, a2, a3))
ANIMD_LAZY_FUNCTION(x11, XErrorHandler, XSetErrorHandler, (XErrorHandler a0), (a0))
ANIMD_LAZY_FUNCTION(x11, int, XSetForeground, (Display *a0, GC a1, unsigned long a2), (a0, a1, a2))
ANIMD_LAZY_VOID_FUNCTION(x11, XSetIOErrorExitHandler, (Display *a0, XIOErrorExitHandler a1, void *a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(x11, XIOErrorHandler, XSetIOErrorHandler, (XIOErrorHandler a0), (a0))
ANIMD_LAZY_FUNCTION(x11, int, XSetSelectionOwner, (Display *a0, Atom a1, Window a2, Time a3), (a0, a1, a2, a3))
ANIMD_LAZY_FUNCTION(x11, int, XSetWMProtocols, (Display *a0, Window a1, Atom *a2, int a3), (a0, a1, a2, a3))
ANIMD_LAZY_FUNCTION(x11, int, XStoreName, (Display *a0, Window a1, const char *a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(x11, int, XSync, (Display *a0, int a1), (a0, a1))
ANIMD_LAZY_FUNCTION(x11, int, XUngrabServer, (Display *a0), (a0))
ANIMD_LAZY_FUNCTION(x11, int, XWarpPointer, (Display *a0, Window a1, Window a2, int a3, int a4, unsigned int a5, unsigned int a6, int a7, int a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8))

/* libXi.so.6 */
ANIMD_LAZY_FUNCTION(xi, int, XIAllowTouchEvents, (Display *a0, int a1, unsigned int a2, Window a3, int a4), (a0, a1, a2, a3, a4))
ANIMD_LAZY_VOID_FUNCTION(xi, XIFreeDeviceInfo, (XIDeviceInfo *a0), (a0))
ANIMD_LAZY_FUNCTION(xi, int, XIGetProperty, (Display *a0, int a1, Atom a2, long a3, long a4, int a5, Atom a6, Atom *a7, int *a8, unsigned long *a9, unsigned long *a10, unsigned char **a11), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11))
ANIMD_LAZY_FUNCTION(xi, int, XIGrabTouchBegin, (Display *a0, int a1, Window a2, int a3, XIEventMask *a4, int a5, XIGrabModifiers *a6), (a0, a1, a2, a3, a4, a5, a6))
ANIMD_LAZY_FUNCTION(xi, XIDeviceInfo *, XIQueryDevice, (Display *a0, int a1, int *a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(xi, int, XIQueryVersion, (Display *a0, int *a1, int *a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(xi, int, XISelectEvents, (Display *a0, Window a1, XIEventMask *a2, int a3), (a0, a1, a2, a3))
ANIMD_LAZY_FUNCTION(xi, int, XIUngrabTouchBegin, (Display *a0, int a1, Window a2, int a3, XIGrabModifiers *a4), (a0, a1, a2, a3, a4))

/* libXrandr.so.2 */
ANIMD_LAZY_FUNCTION(xrandr, short, XRRConfigCurrentRate, (XRRScreenConfiguration *a0), (a0))
ANIMD_LAZY_VOID_FUNCTION(xrandr, XRRFreeCrtcInfo, (XRRCrtcInfo *a0), (a0))
ANIMD_LAZY_VOID_FUNCTION(xrandr, XRRFreeMonitors, (XRRMonitorInfo *a0), (a0))
ANIMD_LAZY_VOID_FUNCTION(xrandr, XRRFreeScreenConfigInfo, (XRRScreenConfiguration *a0), (a0))
ANIMD_LAZY_VOID_FUNCTION(xrandr, XRRFreeScreenResources, (XRRScreenResources *a0), (a0))
ANIMD_LAZY_FUNCTION(xrandr, XRRCrtcInfo *, XRRGetCrtcInfo, (Display *a0, XRRScreenResources *a1, RRCrtc a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(xrandr, XRRMonitorInfo *, XRRGetMonitors, (Display *a0, Window a1, int a2, int *a3), (a0, a1, a2, a3))
ANIMD_LAZY_FUNCTION(xrandr, XRRScreenConfiguration *, XRRGetScreenInfo, (Display *a0, Window a1), (a0, a1))
ANIMD_LAZY_FUNCTION(xrandr, XRRScreenResources *, XRRGetScreenResourcesCurrent, (Display *a0, Window a1), (a0, a1))
ANIMD_LAZY_FUNCTION(xrandr, int, XRRQueryExtension, (Display *a0, int *a1, int *a2), (a0, a1, a2))
ANIMD_LAZY_VOID_FUNCTION(xrandr, XRRSelectInput, (Display *a0, Window a1, int a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(xrandr, int, XRRUpdateConfiguration, (XEvent *a0), (a0))

/* libXfixes.so.3 */
ANIMD_LAZY_FUNCTION(xfixes, PointerBarrier, XFixesCreatePointerBarrier, (Display *a0, Window a1, int a2, int a3, int a4, int a5, int a6, int a7, int *a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8))
ANIMD_LAZY_VOID_FUNCTION(xfixes, XFixesDestroyPointerBarrier, (Display *a0, PointerBarrier a1), (a0, a1))
ANIMD_LAZY_FUNCTION(xfixes, int, XFixesQueryExtension, (Display *a0, int *a1, int *a2), (a0, a1, a2))
ANIMD_LAZY_FUNCTION(xfixes, int, XFixesQueryVersion, (Display *a0, int *a1, int *a2), (a0, a1, a2))

/* libXinerama.so.1 */
ANIMD_LAZY_FUNCTION(xinerama, int, XineramaIsActive, (Display *a0), (a0))
ANIMD_LAZY_FUNCTION(xinerama, XineramaScreenInfo *, XineramaQueryScreens, (Display *a0, int *a1), (a0, a1))
