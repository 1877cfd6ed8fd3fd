#ifndef MODALKIT_CXI_SHIM_H
#define MODALKIT_CXI_SHIM_H
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>
#endif
