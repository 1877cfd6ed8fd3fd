#ifndef MODALKIT_CXPRESENT_SHIM_H
#define MODALKIT_CXPRESENT_SHIM_H
#include <X11/Xlib.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/Xpresent.h>
#endif
