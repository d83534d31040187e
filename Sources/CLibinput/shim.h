#ifndef ANIMD_CLIBINPUT_SHIM_H
#define ANIMD_CLIBINPUT_SHIM_H
#include <libinput.h>
#include <libudev.h>
#endif
