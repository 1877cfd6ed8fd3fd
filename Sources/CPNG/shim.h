#ifndef MODALKIT_CPNG_SHIM_H
#define MODALKIT_CPNG_SHIM_H
#include <png.h>
#endif
