/* The checks the C tests count: each EXPECT* passes or fails (printing where and why) and goes
 * on; a test program ends with "N passed, N failed" and fails when any did. */
#ifndef GRIDLAYOUT_TESTS_EXPECT_H
#define GRIDLAYOUT_TESTS_EXPECT_H

#include <stdio.h>
#include <string.h>
#include "gridlayout.h"

static int passed, failed;

#define EXPECT(cond) do { if (cond) passed++; else { failed++; \
    fprintf(stderr, "%s:%d: FAILED: %s (last error: %s)\n", __FILE__, __LINE__, #cond, gl_last_error()); } } while (0)
#define EXPECT_STATUS(call, status) do { gl_status s_ = (call); if (s_ == (status)) passed++; else { failed++; \
    fprintf(stderr, "%s:%d: FAILED: %s gave %s, expected %s (%s)\n", __FILE__, __LINE__, #call, \
            gl_status_name(s_), gl_status_name(status), gl_last_error()); } } while (0)
#define OK(call) EXPECT_STATUS(call, GL_OK)
#define EXPECT_ERROR(text) do { if (strstr(gl_last_error(), text)) passed++; else { failed++; \
    fprintf(stderr, "%s:%d: FAILED: last error \"%s\" lacks \"%s\"\n", __FILE__, __LINE__, gl_last_error(), text); } } while (0)
/* The whole of the last error, to the letter. */
#define EXPECT_LAST_ERROR(text) do { if (strcmp(gl_last_error(), text) == 0) passed++; else { failed++; \
    fprintf(stderr, "%s:%d: FAILED: last error\n  is   \"%s\"\n  not  \"%s\"\n", __FILE__, __LINE__, gl_last_error(), text); } } while (0)
#define EXPECT_STR(got, want) do { const char *g_ = (got), *w_ = (want); if (strcmp(g_, w_) == 0) passed++; \
    else { failed++; fprintf(stderr, "%s:%d: FAILED: %s\n  is   \"%s\"\n  not  \"%s\"\n", __FILE__, __LINE__, #got, g_, w_); } } while (0)
#define EXPECT_RECT(r, X, Y, W, H) EXPECT((r).x == (X) && (r).y == (Y) && (r).w == (W) && (r).h == (H))

static inline int expect_summary(void) {
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

#endif
