/* The floors gridbench compares gridlayout with: what the same work costs as a plain C loop.
 *
 * gb_floor_lanes and gb_floor_flow write the frames gridlayout's `lanes` and `flow` layouts give
 * one vertical section of items (no padding, no header), from an array of sizes, into an array of
 * frames: the least any layout that stores its frames can do. gb_lua_host_loop is what a C host
 * pays to call a Lua function n times. */
#ifndef GRIDBENCH_FLOOR_H
#define GRIDBENCH_FLOOR_H

#include <stddef.h>

typedef struct { double width, height; } gb_size;
typedef struct { double x, y, width, height; } gb_frame;

/* `lanes` lanes across `width`: each item goes into the lane that ends first (ties to the lowest),
 * `spacing` after the lane's previous item; its x is lane * (its width + spacing). Returns the
 * content height (the largest lane end; 0 for no items). At most GB_MAX_LANES lanes. */
#define GB_MAX_LANES 64
double gb_floor_lanes(const gb_size *sizes, size_t n, int lanes, double width, double spacing, gb_frame *out);

/* Items left to right, `spacing` apart, a new line when an item would pass `width` (the first
 * item of a line is always placed); a line is as tall as its tallest item, lines `spacing` apart.
 * Returns the content height. */
double gb_floor_flow(const gb_size *sizes, size_t n, double width, double spacing, gb_frame *out);

/* A C host's loop: n times, pushes the function at stack index `function` and two integers
 * (1, i for i = 1…n), lua_pcall's it with the message handler at `handler`, adds its two number
 * results and pops them. Returns the sum; on an error, -1 with the error message on the stack. */
struct lua_State;
double gb_lua_host_loop(struct lua_State *L, int function, int handler, long n);

/* Calls body(context): the one function that `valgrind --tool=callgrind --collect-atstart=no
 * --toggle-collect=gb_measured` counts, so a profile counts the job and not its setup. */
void gb_measured(void (*body)(void *), void *context);

/* The bytes malloc has given out and not taken back (glibc's mallinfo2: the arena's blocks in use
 * plus the mmapped ones). Unlike the resident size it falls when memory is freed, so a difference
 * of two readings is what was allocated in between and kept. */
size_t gb_heap_in_use(void);

#endif
