#include "gridlayout_support.h"
#include <stdio.h>
#include <string.h>

static _Thread_local char last_error[1024];

void glsupport_set_error(const char *message) {
    if (!message) { last_error[0] = 0; return; }
    size_t n = strlen(message);
    if (n >= sizeof last_error) n = sizeof last_error - 1;
    memcpy(last_error, message, n);
    last_error[n] = 0;
}

void glsupport_clear_error(void) { last_error[0] = 0; }

const char *gl_last_error(void) { return last_error; }

const char *gl_status_name(gl_status status) {
    switch (status) {
/* generated: status-names (tools/generate.py from tools/vocabulary.py; do not edit) */
    case GL_OK: return "GL_OK";
    case GL_EINVAL: return "GL_EINVAL";
    case GL_ERANGE: return "GL_ERANGE";
    case GL_ECALLBACK: return "GL_ECALLBACK";
    case GL_ENOMEM: return "GL_ENOMEM";
    case GL_EHANDLE: return "GL_EHANDLE";
    case GL_EDATA: return "GL_EDATA";
    case GL_ENOSOURCE: return "GL_ENOSOURCE";
    case GL_EVERSION: return "GL_EVERSION";
    case GL_EBUSY: return "GL_EBUSY";
    case GL_ESTATE: return "GL_ESTATE";
/* end generated: status-names */
    }
    return "GL_E?";
}

int gl_version(void) { return GL_VERSION_NUM; }

const char *gl_version_string(void) { return GL_VERSION_STRING; }

gl_status gl_check_version(int header_version) {
    if (header_version >= 0 && header_version / 10000 == GL_VERSION_NUM / 10000 && header_version <= GL_VERSION_NUM) {
        last_error[0] = 0;
        return GL_OK;
    }
    snprintf(last_error, sizeof last_error,
             "version mismatch: the application was built with gridlayout.h %d.%d.%d (%d), the library is %s "
             "(compatible: the same major version, a library at least as new)",
             header_version / 10000, header_version / 100 % 100, header_version % 100, header_version,
             GL_VERSION_STRING);
    return GL_EVERSION;
}
