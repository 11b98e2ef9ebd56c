/* GNU libmicrohttpd (Debian's libmicrohttpd-dev) for gridrepl --serve. MHD_start_daemon and
 * MHD_get_daemon_info are variadic, which Swift cannot call, and the loopback address is built
 * from macros (htons, INADDR_LOOPBACK): these few calls are wrapped here with gl_ names. */
#ifndef GRIDLAYOUT_CMICROHTTPD_SHIM_H
#define GRIDLAYOUT_CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <stdarg.h>
#include <string.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/* A daemon on 127.0.0.1:port only (port 0: the system picks a free one), without threads of its
 * own: the caller runs it with MHD_run_wait, so every handler runs on the caller's thread.
 * `completed` is called when a request ends (to free what the handler kept for it), `notify`
 * when a connection opens and closes. */
static inline struct MHD_Daemon *gl_mhd_start_loopback(uint16_t port, MHD_AccessHandlerCallback handler, void *cls,
                                                       MHD_RequestCompletedCallback completed,
                                                       MHD_NotifyConnectionCallback notify,
                                                       unsigned int connection_limit, size_t memory_limit,
                                                       unsigned int timeout_seconds) {
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return MHD_start_daemon(0, port, NULL, NULL, handler, cls,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify, cls,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_END);
}

/* The port the daemon listens on (0 when it cannot tell). */
static inline uint16_t gl_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/* Queues a response of `length` bytes (copied) with status `status` and the given Content-Type;
 * `allow` (or NULL) becomes an Allow header. Never cached: every answer is the engine's now. */
static inline enum MHD_Result gl_mhd_respond(struct MHD_Connection *connection, unsigned int status,
                                             const char *content_type, const void *body, size_t length,
                                             const char *allow) {
    struct MHD_Response *response = MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
    MHD_add_response_header(response, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
    MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
    /* The page loads its own script and style and talks to its own API, nothing else: no image,
     * font or frame from anywhere (a fill such as url(…) that got into a box's style loads nothing). */
    MHD_add_response_header(response, "Content-Security-Policy",
                            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                            "base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    if (allow != NULL) MHD_add_response_header(response, MHD_HTTP_HEADER_ALLOW, allow);
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

/* The connection's socket, or -1 (MHD_get_connection_info is variadic). */
static inline int gl_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/* A request header's value, or NULL. */
static inline const char *gl_mhd_header(struct MHD_Connection *connection, const char *name) {
    return MHD_lookup_connection_value(connection, MHD_HEADER_KIND, name);
}

#endif
