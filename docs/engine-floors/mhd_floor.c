// Engine floor: libmicrohttpd in a chosen threading mode; GET -> 304 + ETag, POST (body read) -> 200 fixed body.
// argv: port mode threads body_bytes reuse ; mode: poll | epoll | epollturbo | perconn
#include <microhttpd.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>
#include <signal.h>

static char *body; static size_t body_len; static int reuse;
static struct MHD_Response *r304, *r200;

static enum MHD_Result handler(void *cls, struct MHD_Connection *c, const char *url, const char *method,
    const char *version, const char *upload, size_t *upload_size, void **ctx) {
    if (*ctx == NULL) { *ctx = (void *)1; return MHD_YES; }
    if (*upload_size) { *upload_size = 0; return MHD_YES; }
    int get = strcmp(method, "GET") == 0;
    struct MHD_Response *r;
    if (reuse) r = get ? r304 : r200;
    else {
        r = get ? MHD_create_response_from_buffer(0, "", MHD_RESPMEM_PERSISTENT)
                : MHD_create_response_from_buffer(body_len, body, MHD_RESPMEM_MUST_COPY);
        if (get) { MHD_add_response_header(r, "ETag", "\"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\""); MHD_add_response_header(r, "Cache-Control", "public, max-age=900"); }
        else { MHD_add_response_header(r, "Content-Type", "application/json"); MHD_add_response_header(r, "Cache-Control", "no-store"); }
    }
    enum MHD_Result ret = MHD_queue_response(c, get ? 304 : 200, r);
    if (!reuse) MHD_destroy_response(r);
    return ret;
}

int main(int argc, char **argv) {
    int port = atoi(argv[1]); const char *mode = argv[2]; int threads = atoi(argv[3]);
    body_len = atoi(argv[4]); reuse = atoi(argv[5]);
    body = malloc(body_len); memset(body, 'x', body_len);
    r304 = MHD_create_response_from_buffer(0, "", MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(r304, "ETag", "\"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\"");
    MHD_add_response_header(r304, "Cache-Control", "public, max-age=900");
    r200 = MHD_create_response_from_buffer(body_len, body, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(r200, "Content-Type", "application/json"); MHD_add_response_header(r200, "Cache-Control", "no-store");
    unsigned flags = MHD_USE_ITC | MHD_USE_ERROR_LOG;
    if (!strcmp(mode, "poll")) flags |= MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL;
    else if (!strcmp(mode, "epoll")) flags |= MHD_USE_EPOLL_INTERNAL_THREAD;
    else if (!strcmp(mode, "epollturbo")) flags |= MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_TURBO;
    else if (!strcmp(mode, "pollturbo")) flags |= MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_TURBO;
    else if (!strcmp(mode, "perconn")) flags |= MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL;
    struct MHD_OptionItem opts[] = {
        {MHD_OPTION_CONNECTION_LIMIT, 1024, NULL}, {MHD_OPTION_CONNECTION_TIMEOUT, 30, NULL},
        {MHD_OPTION_PER_IP_CONNECTION_LIMIT, 256, NULL},
        {strcmp(mode, "perconn") && threads > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, threads, NULL},
        {MHD_OPTION_END, 0, NULL}};
    struct MHD_Daemon *d = MHD_start_daemon(flags, port, NULL, NULL, handler, NULL, MHD_OPTION_ARRAY, opts, MHD_OPTION_END);
    if (!d) { fprintf(stderr, "start failed\n"); return 1; }
    pause();
}
