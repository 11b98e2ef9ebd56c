/* ncurses (Debian's libncurses-dev, the wide-character build) for gridrepl's live view. Swift
 * cannot import function-like macros nor macros built from them, so the few the view uses are
 * wrapped here as static inline functions and constants with gl_ names. */
#ifndef GRIDLAYOUT_CCURSES_SHIM_H
#define GRIDLAYOUT_CCURSES_SHIM_H
#include <stdio.h>
#include <ncurses.h>

static inline int gl_color_pair(short n) { return (int)COLOR_PAIR(n); }
static inline int gl_a_bold(void) { return (int)A_BOLD; }
static inline int gl_a_dim(void) { return (int)A_DIM; }
static inline int gl_a_reverse(void) { return (int)A_REVERSE; }
static inline int gl_a_underline(void) { return (int)A_UNDERLINE; }

static inline mmask_t gl_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t gl_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t gl_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t gl_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t gl_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t gl_button4_pressed(void) { return BUTTON4_PRESSED; }
#if NCURSES_MOUSE_VERSION > 1
static inline mmask_t gl_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t gl_button5_pressed(void) { return 0; }
#endif

#endif
