#include "GridBenchFloor.h"
#include <lua.h>

double gb_lua_host_loop(lua_State *L, int function, int handler, long n) {
    double sum = 0;
    for (long i = 1; i <= n; i++) {
        lua_pushvalue(L, function);
        lua_pushinteger(L, 1);
        lua_pushinteger(L, i);
        if (lua_pcall(L, 2, 2, handler) != LUA_OK) return -1;
        sum += lua_tonumber(L, -2) + lua_tonumber(L, -1);
        lua_pop(L, 2);
    }
    return sum;
}
