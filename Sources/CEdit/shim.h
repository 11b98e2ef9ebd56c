/* libedit (BSD) through its readline-compatible interface, for gridrepl's line editing. */
#ifndef GRIDLAYOUT_CEDIT_SHIM_H
#define GRIDLAYOUT_CEDIT_SHIM_H
#include <stdio.h>
#include <editline/readline.h>
#endif
