// libmicrohttpd (Debian libmicrohttpd-dev, 0.9.75) for Swift: MHD_start_daemon, MHD_get_daemon_info and
// MHD_get_connection_info are variadic, so each use gets one typed wrapper. Nothing else belongs here.
#ifndef TRUSTLISTS_CMICROHTTPD_SHIM_H
#define TRUSTLISTS_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

// Starts a daemon with no accept-policy callback; every option comes in `options`, an array ended by an
// MHD_OPTION_END item (MHD_OPTION_ARRAY).
static inline struct MHD_Daemon *shim_MHD_start_daemon(unsigned int flags, uint16_t port,
                                                       MHD_AccessHandlerCallback handler, void *handler_cls,
                                                       struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

// The port the daemon's listening socket is bound to, or 0 when MHD cannot say.
static inline uint16_t shim_MHD_daemon_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

// The client's socket address of a connection, or NULL.
static inline const struct sockaddr *shim_MHD_connection_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

#endif
