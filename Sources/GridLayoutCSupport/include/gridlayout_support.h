/* The public C header, made importable into Swift (the ABI's structs come from one place), and
 * the per-thread error message, kept in C so that it needs no allocation and no Swift state. */
#ifndef GRIDLAYOUT_SUPPORT_H
#define GRIDLAYOUT_SUPPORT_H

#include "../../../bindings/c/gridlayout.h"

/* Sets this thread's error message (copied, truncated to 1023 bytes); NULL or "" clears it. */
void glsupport_set_error(const char *message);
/* Clears this thread's error message (cheap: one store). */
void glsupport_clear_error(void);

#endif
