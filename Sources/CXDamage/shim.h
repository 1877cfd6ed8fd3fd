#ifndef MODALKIT_CXDAMAGE_SHIM_H
#define MODALKIT_CXDAMAGE_SHIM_H
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>
#endif
