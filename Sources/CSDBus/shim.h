// sd-bus, libsystemd's D-Bus client: the XDG portal's settings (docs/motion.md, "Reduced motion").
#include <systemd/sd-bus.h>
