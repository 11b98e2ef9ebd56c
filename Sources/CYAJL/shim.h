/* yajl (Debian's libyajl-dev) for the gridlayout command: its event parser reads a document once
 * before the decoder does, to find what the decoder cannot tell (a key given twice, nesting past
 * the decoder's depth) and where a document stops being JSON. */
#ifndef GRIDLAYOUT_CYAJL_SHIM_H
#define GRIDLAYOUT_CYAJL_SHIM_H
#include <yajl/yajl_parse.h>
#endif
