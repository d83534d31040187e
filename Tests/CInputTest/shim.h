#ifndef ANIMD_CINPUTTEST_SHIM_H
#define ANIMD_CINPUTTEST_SHIM_H
/* The wire format of Xorg's inputtest input driver (xserver-xorg-dev), for the tests' headless Xorg:
   a test feeds its fake touchscreen and touchpad through this driver's Unix socket. */
#include <xorg/xf86-input-inputtest-protocol.h>
#endif
