// sd-bus, libsystemd's D-Bus client: the XDG portal's settings (docs/motion.md, "Reduced motion").
#include <systemd/sd-bus.h>

/* NULL once libsystemd is loaded; otherwise why it cannot be, valid until this thread's next dl call. animd loads it
 * only when a session bus is there (lazy_sd_bus.c). */
const char *animd_sd_bus_load(void);
