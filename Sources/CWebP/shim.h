#ifndef MODALKIT_CWEBP_SHIM_H
#define MODALKIT_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/mux.h>
#endif
