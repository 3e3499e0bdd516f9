// OpenSSL 3 (Debian libssl-dev) for Swift: the headers we use, plus one `static inline` wrapper for each
// function-like macro or variadic call that Swift cannot import. Nothing else belongs here.
#ifndef TRUSTLISTS_COPENSSL_SHIM_H
#define TRUSTLISTS_COPENSSL_SHIM_H

#include <openssl/asn1.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/sha.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>

static inline void shim_OPENSSL_free(void *pointer) { OPENSSL_free(pointer); }

static inline long shim_BIO_get_mem_data(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }

static inline int shim_BN_num_bytes(const BIGNUM *number) { return BN_num_bytes(number); }

static inline unsigned long shim_XN_FLAG_RFC2253(void) { return XN_FLAG_RFC2253; }

/* EVP_EC_gen is a macro over the variadic EVP_PKEY_Q_keygen. */
static inline EVP_PKEY *shim_EVP_EC_gen(const char *curve) { return EVP_EC_gen(curve); }
static inline EVP_PKEY *shim_EVP_ED25519_gen(void) { return EVP_PKEY_Q_keygen(NULL, NULL, "ED25519"); }
/* EVP_RSA_gen is a macro over the variadic EVP_PKEY_Q_keygen (public exponent 65537). */
static inline EVP_PKEY *shim_EVP_RSA_gen(unsigned int bits) { return EVP_RSA_gen(bits); }

/* STACK_OF(X509) */
static inline STACK_OF(X509) *shim_sk_X509_new_null(void) { return sk_X509_new_null(); }
static inline int shim_sk_X509_push(STACK_OF(X509) *stack, X509 *certificate) { return sk_X509_push(stack, certificate); }
static inline int shim_sk_X509_num(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }
static inline X509 *shim_sk_X509_value(const STACK_OF(X509) *stack, int index) { return sk_X509_value(stack, index); }
static inline void shim_sk_X509_free(STACK_OF(X509) *stack) { sk_X509_free(stack); }
static inline void shim_sk_X509_pop_free(STACK_OF(X509) *stack) { sk_X509_pop_free(stack, X509_free); }

/* STACK_OF(X509_EXTENSION) */
static inline int shim_sk_X509_EXTENSION_num(const STACK_OF(X509_EXTENSION) *stack) {
    return sk_X509_EXTENSION_num(stack);
}
static inline X509_EXTENSION *shim_sk_X509_EXTENSION_value(const STACK_OF(X509_EXTENSION) *stack, int index) {
    return sk_X509_EXTENSION_value(stack, index);
}
static inline void shim_sk_X509_EXTENSION_pop_free(STACK_OF(X509_EXTENSION) *stack) {
    sk_X509_EXTENSION_pop_free(stack, X509_EXTENSION_free);
}

/* STACK_OF(ASN1_OBJECT), as in EXTENDED_KEY_USAGE */
static inline STACK_OF(ASN1_OBJECT) *shim_sk_ASN1_OBJECT_new_null(void) { return sk_ASN1_OBJECT_new_null(); }
static inline int shim_sk_ASN1_OBJECT_push(STACK_OF(ASN1_OBJECT) *stack, ASN1_OBJECT *object) {
    return sk_ASN1_OBJECT_push(stack, object);
}
static inline int shim_sk_ASN1_OBJECT_num(const STACK_OF(ASN1_OBJECT) *stack) { return sk_ASN1_OBJECT_num(stack); }
static inline ASN1_OBJECT *shim_sk_ASN1_OBJECT_value(const STACK_OF(ASN1_OBJECT) *stack, int index) {
    return sk_ASN1_OBJECT_value(stack, index);
}
static inline void shim_sk_ASN1_OBJECT_pop_free(STACK_OF(ASN1_OBJECT) *stack) {
    sk_ASN1_OBJECT_pop_free(stack, ASN1_OBJECT_free);
}

/* STACK_OF(GENERAL_NAME), as in GENERAL_NAMES */
static inline STACK_OF(GENERAL_NAME) *shim_sk_GENERAL_NAME_new_null(void) { return sk_GENERAL_NAME_new_null(); }
static inline int shim_sk_GENERAL_NAME_push(STACK_OF(GENERAL_NAME) *stack, GENERAL_NAME *name) {
    return sk_GENERAL_NAME_push(stack, name);
}
static inline int shim_sk_GENERAL_NAME_num(const STACK_OF(GENERAL_NAME) *stack) { return sk_GENERAL_NAME_num(stack); }
static inline GENERAL_NAME *shim_sk_GENERAL_NAME_value(const STACK_OF(GENERAL_NAME) *stack, int index) {
    return sk_GENERAL_NAME_value(stack, index);
}
static inline void shim_sk_GENERAL_NAME_pop_free(STACK_OF(GENERAL_NAME) *stack) {
    sk_GENERAL_NAME_pop_free(stack, GENERAL_NAME_free);
}

/* STACK_OF(X509_REVOKED), as in a CRL's revokedCertificates */
static inline int shim_sk_X509_REVOKED_num(const STACK_OF(X509_REVOKED) *stack) { return sk_X509_REVOKED_num(stack); }
static inline X509_REVOKED *shim_sk_X509_REVOKED_value(const STACK_OF(X509_REVOKED) *stack, int index) {
    return sk_X509_REVOKED_value(stack, index);
}

/* STACK_OF(DIST_POINT), as in CRL_DIST_POINTS */
static inline int shim_sk_DIST_POINT_num(const STACK_OF(DIST_POINT) *stack) { return sk_DIST_POINT_num(stack); }
static inline DIST_POINT *shim_sk_DIST_POINT_value(const STACK_OF(DIST_POINT) *stack, int index) {
    return sk_DIST_POINT_value(stack, index);
}

#endif
