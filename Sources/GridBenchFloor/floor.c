#include "GridBenchFloor.h"

double gb_floor_lanes(const gb_size *sizes, size_t n, int lanes, double width, double spacing, gb_frame *out) {
    (void)width;  /* lanes do not wrap: each item's x depends on its lane and its own width only */
    double ends[GB_MAX_LANES] = {0};
    int used[GB_MAX_LANES] = {0};
    double bottom = 0;
    for (size_t i = 0; i < n; i++) {
        int lane = 0;
        for (int l = 1; l < lanes; l++)
            if (ends[l] < ends[lane]) lane = l;
        double y = used[lane] ? ends[lane] + spacing : ends[lane];
        double w = sizes[i].width, h = sizes[i].height;
        out[i] = (gb_frame){(double)lane * (w + spacing), y, w, h};
        ends[lane] = y + h;
        used[lane] = 1;
        if (y + h > bottom) bottom = y + h;
    }
    return bottom;
}

double gb_floor_flow(const gb_size *sizes, size_t n, double width, double spacing, gb_frame *out) {
    double line = 0, thickness = 0, x = 0;
    for (size_t i = 0; i < n; i++) {
        double w = sizes[i].width, h = sizes[i].height;
        if (i > 0 && x + w > width) {
            line += thickness + spacing;
            thickness = 0;
            x = 0;
        }
        out[i] = (gb_frame){x, line, w, h};
        x += w + spacing;
        if (h > thickness) thickness = h;
    }
    return n > 0 ? line + thickness : 0;
}

void gb_measured(void (*body)(void *), void *context) { body(context); }
