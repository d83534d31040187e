#ifndef ANIMD_CXTEST_SHIM_H
#define ANIMD_CXTEST_SHIM_H
/* XTest, for the test probe only: animd itself never fakes input. */
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#endif
