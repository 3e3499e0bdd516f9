// Engine floor: h2o evloop, N threads each with its own loop on one shared listening socket.
// GET -> 304 with an ETag; POST -> 200 with a fixed body of BODY bytes. argv: port threads body_bytes
#include <h2o.h>
#include <h2o/socket/evloop.h>
#include <pthread.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>

static h2o_globalconf_t config;
static int listen_fd;
static char *body;
static size_t body_len;

static int on_req(h2o_handler_t *self, h2o_req_t *req) {
    if (h2o_memis(req->method.base, req->method.len, H2O_STRLIT("GET"))) {
        req->res.status = 304;
        req->res.reason = "Not Modified";
        h2o_add_header(&req->pool, &req->res.headers, H2O_TOKEN_ETAG, NULL, H2O_STRLIT("\"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\""));
        h2o_add_header(&req->pool, &req->res.headers, H2O_TOKEN_CACHE_CONTROL, NULL, H2O_STRLIT("public, max-age=900"));
        h2o_send_inline(req, NULL, 0);
        return 0;
    }
    req->res.status = 200;
    req->res.reason = "OK";
    h2o_add_header(&req->pool, &req->res.headers, H2O_TOKEN_CONTENT_TYPE, NULL, H2O_STRLIT("application/json"));
    h2o_add_header(&req->pool, &req->res.headers, H2O_TOKEN_CACHE_CONTROL, NULL, H2O_STRLIT("no-store"));
    h2o_send_inline(req, body, body_len);
    return 0;
}

static void on_accept(h2o_socket_t *listener, const char *err) {
    if (err) return;
    h2o_accept_ctx_t *actx = listener->data;
    h2o_socket_t *sock = h2o_evloop_socket_accept(listener);
    if (sock == NULL) return;
    h2o_accept(actx, sock);
}

static void *run(void *arg) {
    h2o_context_t ctx;
    h2o_accept_ctx_t actx = {0};
    h2o_evloop_t *loop = h2o_evloop_create();
    h2o_context_init(&ctx, loop, &config);
    actx.ctx = &ctx;
    actx.hosts = config.hosts;
    h2o_socket_t *sock = h2o_evloop_socket_create(loop, listen_fd, H2O_SOCKET_FLAG_DONT_READ);
    sock->data = &actx;
    h2o_socket_read_start(sock, on_accept);
    while (h2o_evloop_run(loop, INT32_MAX) == 0) {}
    return NULL;
}

int main(int argc, char **argv) {
    int port = atoi(argv[1]), threads = atoi(argv[2]);
    body_len = atoi(argv[3]);
    body = malloc(body_len); memset(body, 'x', body_len);
    h2o_config_init(&config);
    h2o_hostconf_t *host = h2o_config_register_host(&config, h2o_iovec_init(H2O_STRLIT("default")), 65535);
    h2o_pathconf_t *path = h2o_config_register_path(host, "/", 0);
    h2o_handler_t *handler = h2o_create_handler(path, sizeof(*handler));
    handler->on_req = on_req;
    struct sockaddr_in addr = {0};
    addr.sin_family = AF_INET; addr.sin_addr.s_addr = htonl(0x7f000001); addr.sin_port = htons(port);
    listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    int on = 1; setsockopt(listen_fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
    if (bind(listen_fd, (void *)&addr, sizeof(addr)) || listen(listen_fd, 1024)) { perror("bind"); return 1; }
    pthread_t t[64];
    for (int i = 1; i < threads; i++) pthread_create(&t[i], NULL, run, NULL);
    run(NULL);
}
