/* The Lua 5.4 C API for Swift. Swift cannot import function-like macros, so each macro the
 * project uses is redefined here as a static inline function of the same name. */
#ifndef GRIDLAYOUT_CLUA_SHIM_H
#define GRIDLAYOUT_CLUA_SHIM_H

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
    if (n < 0) return lua_error(L);
    return n;
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

#endif
