// libsystemd's sd_notify (sd-daemon.h), from Debian's libsystemd-dev. Nothing here needs wrapping.
#ifndef TRUSTLISTS_CSYSTEMD_SHIM_H
#define TRUSTLISTS_CSYSTEMD_SHIM_H
#include <systemd/sd-daemon.h>
#endif
