/* yajl (Debian's libyajl-dev) for the gridlayout command: its event parser reads a document once,
 * checking it (where it stops being JSON, a key given twice, nesting too deep) and building the
 * tree the request is read from. */
#ifndef GRIDLAYOUT_CYAJL_SHIM_H
#define GRIDLAYOUT_CYAJL_SHIM_H
#include <yajl/yajl_parse.h>
#endif
