/* The Lua 5.4 C API for Swift. Swift cannot import function-like macros, so each macro the
 * project uses is redefined here as a static inline function of the same name. */
#ifndef GRIDLAYOUT_CLUA_SHIM_H
#define GRIDLAYOUT_CLUA_SHIM_H

#include <string.h>
#include <lua.h>
#include <lualib.h>
#include <lauxlib.h>

#undef lua_pcall
static inline int lua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcallk(L, nargs, nresults, msgh, 0, NULL);
}
#undef lua_call
static inline void lua_call(lua_State *L, int nargs, int nresults) { lua_callk(L, nargs, nresults, 0, NULL); }
#undef lua_tostring
static inline const char *lua_tostring(lua_State *L, int i) { return lua_tolstring(L, i, NULL); }
#undef lua_tonumber
static inline lua_Number lua_tonumber(lua_State *L, int i) { return lua_tonumberx(L, i, NULL); }
#undef lua_tointeger
static inline lua_Integer lua_tointeger(lua_State *L, int i) { return lua_tointegerx(L, i, NULL); }
#undef lua_newtable
static inline void lua_newtable(lua_State *L) { lua_createtable(L, 0, 0); }
#undef lua_pop
static inline void lua_pop(lua_State *L, int n) { lua_settop(L, -(n) - 1); }
#undef lua_pushcfunction
static inline void lua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcclosure(L, f, 0); }
#undef lua_isfunction
static inline int lua_isfunction(lua_State *L, int i) { return lua_type(L, i) == LUA_TFUNCTION; }
#undef lua_istable
static inline int lua_istable(lua_State *L, int i) { return lua_type(L, i) == LUA_TTABLE; }
#undef lua_isnil
static inline int lua_isnil(lua_State *L, int i) { return lua_type(L, i) == LUA_TNIL; }
#undef lua_isnoneornil
static inline int lua_isnoneornil(lua_State *L, int i) { return lua_type(L, i) <= 0; }
#undef lua_isboolean
static inline int lua_isboolean(lua_State *L, int i) { return lua_type(L, i) == LUA_TBOOLEAN; }
#undef lua_upvalueindex
static inline int lua_upvalueindex(int i) { return LUA_REGISTRYINDEX - i; }
#undef lua_insert
static inline void lua_insert(lua_State *L, int i) { lua_rotate(L, i, 1); }
#undef lua_remove
static inline void lua_remove(lua_State *L, int i) { lua_rotate(L, i, -1); lua_settop(L, -2); }
#undef lua_replace
static inline void lua_replace(lua_State *L, int i) { lua_copy(L, -1, i); lua_settop(L, -2); }
#undef lua_pushglobaltable
static inline void lua_pushglobaltable(lua_State *L) { lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }
#undef lua_newuserdata
static inline void *lua_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 1); }
#undef luaL_typename
static inline const char *luaL_typename(lua_State *L, int i) { return lua_typename(L, lua_type(L, i)); }
#undef luaL_getmetatable
static inline int luaL_getmetatable(lua_State *L, const char *name) { return lua_getfield(L, LUA_REGISTRYINDEX, name); }
#undef luaL_loadbuffer
static inline int luaL_loadbuffer(lua_State *L, const char *s, size_t n, const char *name) {
    return luaL_loadbufferx(L, s, n, name, NULL);
}
#undef luaL_loadfile
static inline int luaL_loadfile(lua_State *L, const char *name) { return luaL_loadfilex(L, name, NULL); }
#undef luaL_checkversion
static inline void luaL_checkversion(lua_State *L) { luaL_checkversion_(L, LUA_VERSION_NUM, LUAL_NUMSIZES); }

/* LUA_REGISTRYINDEX is an expression Swift cannot import. */
static inline int gl_registryindex(void) { return LUA_REGISTRYINDEX; }

/* A Lua error must never longjmp across Swift frames. Swift functions are registered behind this
 * trampoline: the Swift function returns its result count, or a negative number after pushing an
 * error message, and the trampoline raises the error from C. The Swift function is upvalue 1;
 * the closure's own upvalues follow from 2. */
typedef int (*gl_SwiftFunction)(lua_State *L);

static int gl_trampoline(lua_State *L) {
    gl_SwiftFunction f = (gl_SwiftFunction)lua_touserdata(L, lua_upvalueindex(1));
    int n = f(L);
    /* -2: the Swift function could not even push its message (Lua is out of memory). */
    if (n == -2) return luaL_error(L, "not enough memory");
    if (n < 0) return lua_error(L);
    return n;
}

/* Protected forms of the API calls that can raise (memory errors, mostly): each runs in a
 * lua_pcall of a light C function (pushing it and its light userdata allocates nothing), so an
 * error ends in C, and the caller gets a status instead of a longjmp across Swift frames. On
 * failure the stack is as before the call (the operands the call would consume are consumed). */
enum {
    GL_OP_PUSHSTRING, GL_OP_CREATETABLE, GL_OP_SETFIELD, GL_OP_RAWSETI, GL_OP_REF,
    GL_OP_TRACEBACK, GL_OP_TOSTRING, GL_OP_WHERE, GL_OP_NEWUSERDATA, GL_OP_NEWMETATABLE, GL_OP_CLOSURE
};

typedef struct {
    int op;
    const char *s;
    size_t length;
    lua_Integer n;
    int narr, nrec;
    int ref;
    lua_State *traced;
    gl_SwiftFunction ref_function;
} gl_op;

static int gl_op_body(lua_State *L) {
    gl_op *op = (gl_op *)lua_touserdata(L, -1);
    lua_settop(L, -2);
    switch (op->op) {
    case GL_OP_PUSHSTRING: lua_pushlstring(L, op->s, op->length); return 1;
    case GL_OP_CREATETABLE: lua_createtable(L, op->narr, op->nrec); return 1;
    case GL_OP_SETFIELD: lua_setfield(L, 1, op->s); return 0;        /* table, value */
    case GL_OP_RAWSETI: lua_rawseti(L, 1, op->n); return 0;          /* table, value */
    case GL_OP_REF: op->ref = luaL_ref(L, 1); return 0;              /* table, value */
    case GL_OP_TRACEBACK: luaL_traceback(L, op->traced, op->s, op->narr); return 1;
    case GL_OP_TOSTRING: luaL_tolstring(L, 1, NULL); return 1;       /* value */
    case GL_OP_NEWUSERDATA: lua_newuserdatauv(L, op->length, 1); return 1;
    case GL_OP_NEWMETATABLE: luaL_newmetatable(L, op->s); return 1;
    case GL_OP_CLOSURE: {                                            /* upvalues... */
        int nup = lua_gettop(L);
        lua_pushlightuserdata(L, (void *)op->ref_function);
        lua_rotate(L, 1, 1);
        lua_pushcclosure(L, gl_trampoline, nup + 1);
        return 1;
    }
    case GL_OP_WHERE:                                                /* "where: message" */
        luaL_where(L, op->narr);
        lua_pushlstring(L, op->s, op->length);
        lua_concat(L, 2);
        return 1;
    }
    return 0;
}

/* Runs op with the top `nargs` values as its operands, leaving `nresults` results. */
static inline int gl_protected(lua_State *L, gl_op *op, int nargs, int nresults) {
    if (!lua_checkstack(L, 3)) return LUA_ERRMEM;
    lua_pushcfunction(L, gl_op_body);
    lua_insert(L, -(nargs + 1));
    lua_pushlightuserdata(L, op);
    int status = lua_pcall(L, nargs + 1, nresults, 0);
    if (status != LUA_OK) lua_settop(L, -2);
    return status;
}

static inline int gl_pushlstring_p(lua_State *L, const char *s, size_t length) {
    gl_op op = {GL_OP_PUSHSTRING, s, length, 0, 0, 0, 0, NULL, NULL};
    return gl_protected(L, &op, 0, 1);
}
static inline int gl_createtable_p(lua_State *L, int narr, int nrec) {
    gl_op op = {GL_OP_CREATETABLE, NULL, 0, 0, narr, nrec, 0, NULL, NULL};
    return gl_protected(L, &op, 0, 1);
}
/* t[key] = the value on top (popped) for the table at `table`. */
static inline int gl_setfield_p(lua_State *L, int table, const char *key) {
    gl_op op = {GL_OP_SETFIELD, key, 0, 0, 0, 0, 0, NULL, NULL};
    table = lua_absindex(L, table);
    lua_pushvalue(L, table);
    lua_insert(L, -2);
    return gl_protected(L, &op, 2, 0);
}
/* t[n] = the value on top (popped), raw. */
static inline int gl_rawseti_p(lua_State *L, int table, lua_Integer n) {
    gl_op op = {GL_OP_RAWSETI, NULL, 0, n, 0, 0, 0, NULL, NULL};
    table = lua_absindex(L, table);
    lua_pushvalue(L, table);
    lua_insert(L, -2);
    return gl_protected(L, &op, 2, 0);
}
/* luaL_ref of the value on top (popped) into the table at `table`; LUA_NOREF on failure. */
static inline int gl_ref_p(lua_State *L, int table) {
    gl_op op = {GL_OP_REF, NULL, 0, 0, 0, 0, LUA_NOREF, NULL, NULL};
    table = lua_absindex(L, table);
    lua_pushvalue(L, table);
    lua_insert(L, -2);
    if (gl_protected(L, &op, 2, 0) != LUA_OK) return LUA_NOREF;
    return op.ref;
}
/* Pushes the traceback of L from `level` (as luaL_traceback(L, L, message, level)). */
static inline int gl_traceback_p(lua_State *L, const char *message, int level) {
    gl_op op = {GL_OP_TRACEBACK, message, 0, 0, level + 1, 0, 0, L, NULL};
    return gl_protected(L, &op, 0, 1);
}
/* Pushes luaL_tolstring of the value at `index` (__tostring and __name included). */
static inline int gl_tostring_p(lua_State *L, int index) {
    gl_op op = {GL_OP_TOSTRING, NULL, 0, 0, 0, 0, 0, NULL, NULL};
    lua_pushvalue(L, index);
    return gl_protected(L, &op, 1, 1);
}
/* Pushes luaL_where(L, level) followed by the message, as luaL_error words its errors. */
static inline int gl_where_p(lua_State *L, int level, const char *s, size_t length) {
    gl_op op = {GL_OP_WHERE, s, length, 0, level + 1, 0, 0, L, NULL};
    return gl_protected(L, &op, 0, 1);
}

/* Pushes a full userdata of `size` bytes with one user value. */
static inline int gl_newuserdata_p(lua_State *L, size_t size) {
    gl_op op = {GL_OP_NEWUSERDATA, NULL, size, 0, 0, 0, 0, NULL, NULL};
    return gl_protected(L, &op, 0, 1);
}
/* luaL_newmetatable, pushing the (new or existing) metatable. */
static inline int gl_newmetatable_p(lua_State *L, const char *name) {
    gl_op op = {GL_OP_NEWMETATABLE, name, 0, 0, 0, 0, 0, NULL, NULL};
    return gl_protected(L, &op, 0, 1);
}
/* gl_pushswiftclosure, protected: on failure the nup upvalues are popped. */
static inline int gl_pushswiftclosure_p(lua_State *L, gl_SwiftFunction f, int nup) {
    gl_op op = {GL_OP_CLOSURE, NULL, 0, 0, 0, 0, 0, NULL, f};
    return gl_protected(L, &op, nup, 1);
}

/* The message handler of protected calls into scripts: the error's text (a string, a number, or
 * what a __tostring metamethod makes of it) with a traceback. In C, as the handler runs while an
 * error is being raised: a memory error here must not cross a Swift frame. */
static int gl_traceback_handler(lua_State *L) {
    const char *message = NULL;
    if (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER) {
        message = lua_tolstring(L, 1, NULL);
    } else if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) message = lua_tolstring(L, -1, NULL);
    }
    if (message == NULL) message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    luaL_traceback(L, L, message, 1);
    return 1;
}

/* Pushes f as a Lua function, taking nup values from the stack as its upvalues 2...nup+1. */
static inline void gl_pushswiftclosure(lua_State *L, gl_SwiftFunction f, int nup) {
    lua_pushlightuserdata(L, (void *)f);
    lua_rotate(L, -(nup + 1), 1);
    lua_pushcclosure(L, gl_trampoline, nup + 1);
}

/* A batch of a data source's `size(section, item)` calls for items first ... first + count - 1,
 * in one protected call: a lua_pcall per item set up a jump buffer and a protected frame each
 * time (~60 instructions an item). The loop is C, so that an error raised by `size` unwinds C
 * frames only. Results go to out[2k], out[2k + 1]; `done` counts the items answered. When an
 * item's results are not two numbers, the loop stops and leaves them on the stack (the pcall
 * returns them) for the caller to describe. */
typedef struct {
    lua_Integer section, first, count, done;
    double *out;
} gl_size_batch;

static int gl_size_batch_body(lua_State *L) {
    gl_size_batch *b = (gl_size_batch *)lua_touserdata(L, 1);
    for (; b->done < b->count; b->done++) {
        lua_pushvalue(L, 2);
        lua_pushinteger(L, b->section);
        lua_pushinteger(L, b->first + b->done);
        lua_callk(L, 2, 2, 0, NULL);
        if (lua_type(L, -2) != LUA_TNUMBER || lua_type(L, -1) != LUA_TNUMBER) return 2;
        b->out[2 * b->done] = lua_tonumberx(L, -2, NULL);
        b->out[2 * b->done + 1] = lua_tonumberx(L, -1, NULL);
        lua_settop(L, 2);
    }
    return 0;
}

/* Runs the batch with the function at stack index `function` and the message handler at `handler`
 * (absolute indices). Returns lua_pcall's status; on LUA_OK the stack holds 0 results (all done)
 * or the 2 results of item `done` that were not two numbers. */
static inline int gl_call_size_batch(lua_State *L, int function, int handler, gl_size_batch *b) {
    lua_pushcclosure(L, gl_size_batch_body, 0);
    lua_pushlightuserdata(L, b);
    lua_pushvalue(L, function);
    return lua_pcallk(L, 2, LUA_MULTRET, handler, 0, NULL);
}

/* The chunk names of a host's own Lua code begin with this ("=[gridrepl]", "=[gridrepl view]"):
 * gl_lua_message_handler leaves their lines out of tracebacks, so users see only their own code. */
#define GL_HOST_CHUNK "[gridrepl"

/* Whether the traceback line at `line` (after its tab) is in a host chunk. */
static inline int gl_host_line(const char *line, size_t length) {
    size_t n = sizeof(GL_HOST_CHUNK) - 1;
    return length >= n + 1 && line[0] == '\t' && strncmp(line + 1, GL_HOST_CHUNK, n) == 0;
}

/* The "in function 'a.b'" of a traceback line in a host chunk, when the frame is a function the
 * host put in place of a library's or a module's (gridrepl wraps gridlayout.new and, with a
 * timeout, coroutine.create): luaL_traceback names such a function by the field it fills. The
 * traceback shows it as the C function the script called. NULL for any other line. */
static inline const char *gl_host_library_frame(const char *line, size_t length) {
    static const char named[] = "in function '";
    size_t n = sizeof(named) - 1;
    const char *end = line + length;
    for (size_t i = 0; i + n <= length; i++) {
        if (memcmp(line + i, named, n) != 0) continue;
        const char *name = line + i + n;
        const char *quote = memchr(name, '\'', (size_t)(end - name));
        const char *dot = memchr(name, '.', (size_t)(end - name));
        return quote && dot && dot < quote ? line + i : NULL;
    }
    return NULL;
}

/* lua.c's message handler, for a host that runs scripts: an error object whose __tostring gives
 * a string is shown as that string alone (no traceback); any other non-string is described by
 * its type; a string gets a traceback, unless it has one already (a callback's error, which the
 * module gave the traceback of the callback: one is enough). The traceback leaves out the host's
 * own chunks (GL_HOST_CHUNK) and the `error` call just above one of them, except a host function
 * standing for a library's (gl_host_library_frame), shown as the C function it stands for. */
static int gl_lua_message_handler(lua_State *L) {
    const char *message = lua_tostring(L, 1);
    if (message == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
        message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    } else if (strstr(message, "\nstack traceback:\n\t") != NULL) {
        lua_settop(L, 1);
        return 1;
    }
    luaL_traceback(L, L, message, 1);
    size_t length;
    const char *text = lua_tolstring(L, -1, &length);
    if (strstr(text, "\t" GL_HOST_CHUNK) == NULL) return 1;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    const char *end = text + length, *line = text;
    while (line < end) {
        const char *next = memchr(line, '\n', (size_t)(end - line));
        next = next ? next + 1 : end;
        const char *after = next;
        const char *following = after < end ? memchr(after, '\n', (size_t)(end - after)) : NULL;
        size_t followingLength = (size_t)((following ? following : end) - after);
        static const char errorLine[] = "\t[C]: in function 'error'";
        int skip = gl_host_line(line, (size_t)(next - line));
        if (!skip && (size_t)(next - line) >= sizeof(errorLine) - 1 &&
            strncmp(line, errorLine, sizeof(errorLine) - 1) == 0 && gl_host_line(after, followingLength))
            skip = 1;
        const char *library = gl_host_line(line, (size_t)(next - line)) ? gl_host_library_frame(line, (size_t)(next - line)) : NULL;
        if (library) {
            luaL_addstring(&b, "\t[C]: ");
            luaL_addlstring(&b, library, (size_t)(next - library));
        } else if (!skip) {
            luaL_addlstring(&b, line, (size_t)(next - line));
        }
        line = next;
    }
    luaL_pushresult(&b);
    /* A last line left out leaves the line before it ending in a newline: drop it. */
    text = lua_tolstring(L, -1, &length);
    if (length > 0 && text[length - 1] == '\n') {
        lua_pushlstring(L, text, length - 1);
    }
    return 1;
}

/* t[k] for t at 1 and k at 2 (metamethods included), to be called under lua_pcall. */
static int gl_get_field(lua_State *L) {
    lua_settop(L, 2);
    lua_gettable(L, 1);
    return 1;
}

/* g[name](g, ...) for the value g at 1 and the string name at 2, from C: a method's messages
 * then carry no position of a host chunk (luaL_where finds no line in a C caller). */
static int gl_call_method(lua_State *L) {
    lua_pushvalue(L, 2);
    lua_gettable(L, 1);
    lua_insert(L, 1);
    lua_remove(L, 3);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

#endif
