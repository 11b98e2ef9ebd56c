#include <malloc.h>

#include "GridBenchFloor.h"

size_t gb_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
