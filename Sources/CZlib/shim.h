// zlib (Debian zlib1g-dev) for Swift: deflateInit2 and inflateInit2 are function-like macros (they pass the
// library version and the stream size), so each gets one wrapper. Nothing else belongs here.
#ifndef TRUSTLISTS_CZLIB_SHIM_H
#define TRUSTLISTS_CZLIB_SHIM_H

#include <zlib.h>

static inline int shim_deflateInit2(z_streamp stream, int level, int method, int windowBits, int memLevel,
                                    int strategy) {
    return deflateInit2(stream, level, method, windowBits, memLevel, strategy);
}
static inline int shim_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

#endif
