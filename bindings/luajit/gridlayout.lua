-- gridlayout for LuaJIT: the Lua module's API over libgridlayout.so through LuaJIT's FFI.
-- `local gl = require "gridlayout"` (docs/luajit.md). The C declarations are generated from
-- gridlayout.h (gridlayout/cdef.lua, `make generate`); the errors are the C library's, in the Lua
-- face's words (gl_set_error_words), or this file's, worded as the Lua module words them.
local ffi = require "ffi"
local names = require "gridlayout.cdef"

-- This file's functions run in the interpreter, never in a trace: a C call that calls back into
-- Lua (every data source and event callback) must not be made from compiled code (LuaJIT's
-- "bad callback"). The caller's own code is still compiled.
jit.off(true, true)

ffi.cdef(names.cdef)

-- The library: $GRIDLAYOUT_LIBRARY, else the one installed beside this file (PREFIX/share/lua/5.1
-- -> PREFIX/lib), else the dynamic linker's search (the .deb's /usr/lib/MULTIARCH).
local function load_library()
  local tried = {}
  local function try(path)
    local ok, lib = pcall(ffi.load, path)
    if ok then return lib end
    tried[#tried + 1] = tostring(lib)
  end
  local env = os.getenv("GRIDLAYOUT_LIBRARY")
  if env and env ~= "" then
    return try(env) or error("gridlayout: GRIDLAYOUT_LIBRARY=" .. env .. ": " .. tried[1], 0)
  end
  local source = debug.getinfo(1, "S").source
  local dir = source:sub(1, 1) == "@" and source:sub(2):match("^(.*)/[^/]*$")
  local prefix = dir and dir:match("^(.*)/share/lua/5%.1$")
  return (prefix and try(prefix .. "/lib/libgridlayout.so.1")) or try("libgridlayout.so.1")
      or try("gridlayout")
      or error("gridlayout: cannot load libgridlayout.so (set GRIDLAYOUT_LIBRARY): "
               .. table.concat(tried, "; "), 0)
end
local C = load_library()

local GL_OK, GL_ECALLBACK, GL_SPAN_ALL = 0, 3, -1
if tonumber(C.gl_check_version(10200)) ~= GL_OK then
  error("gridlayout: " .. ffi.string(C.gl_last_error()), 0)
end

-- The Lua face's words for the library's errors: sections and items from 1, the data source keys
-- and the methods' names (the strings stay referenced: the library copies them anyway).
local function cstrings(list)
  local array = ffi.new("const char *[?]", #list)
  for k, name in ipairs(list) do array[k - 1] = name end
  return array
end
local callback_words, operation_words = cstrings(names.callbacks), cstrings(names.operations)
C.gl_set_error_words(ffi.new("gl_error_words", 1, callback_words, #names.callbacks,
                             operation_words, #names.operations, 0))

local function last_error() return ffi.string(C.gl_last_error()) end

-- ---- the options, as the library describes them --------------------------------------------

local NUMBER, INTEGER, BOOL, CHOICE, INSETS, SIZE = 0, 1, 2, 3, 4, 5
local options, option_names = {}, {}
do
  local info = ffi.new("gl_option_info")
  for k = 0, tonumber(C.gl_option_count()) - 1 do
    assert(tonumber(C.gl_option_describe(k, info)) == GL_OK)
    local o = { name = ffi.string(info.name), c_name = ffi.string(info.c_name), type = tonumber(info.type) }
    if o.type == CHOICE then
      o.choices, o.index = {}, {}
      for c = 0, tonumber(info.choice_count) - 1 do
        local choice = ffi.string(info.choices[c])
        o.choices[c + 1], o.index[choice] = choice, c
      end
    end
    options[o.name] = o
    option_names[#option_names + 1] = o.name
  end
end

local M = { version = ffi.string(C.gl_version_string()), layouts = {}, methods = {}, fields = {} }
for _, name in ipairs(options.layout.choices) do M.layouts[#M.layouts + 1] = name end
for _, name in ipairs(names.methods) do M.methods[#M.methods + 1] = name end
for _, name in ipairs(option_names) do M.fields[#M.fields + 1] = name end
M.fields[#M.fields + 1] = "dataSource"
M.fields[#M.fields + 1] = "delegate"

-- ---- values in the Lua module's words -------------------------------------------------------

local function show(value)
  if type(value) == "string" then return "'" .. value .. "'" end
  if type(value) == "number" then
    if value ~= value then return "nan" end
    if value == math.floor(value) and math.abs(value) < 2 ^ 63 then return string.format("%d", value) end
    return string.format("%.14g", value)
  end
  return tostring(value)
end

local function is_integer(v) return type(v) == "number" and v == math.floor(v) and v > -2 ^ 63 and v < 2 ^ 63 end

-- "Did you mean": the candidate the library's rule finds nearest `name` (one rule for every face).
local function nearest(name, candidates)
  local names = ffi.new("const char *[?]", #candidates)
  for k, c in ipairs(candidates) do names[k - 1] = c end
  local index = ffi.new("int64_t[1]")
  if tonumber(C.gl_nearest_name(name, names, #candidates, index)) ~= GL_OK or index[0] < 0 then return nil end
  return candidates[tonumber(index[0]) + 1]
end

-- ---- grids ----------------------------------------------------------------------------------

local Grid = {}            -- methods
local grids = setmetatable({}, { __mode = "v" })   -- id -> grid (the callbacks' context is the id)
local next_id = 0
local handle_of = setmetatable({}, { __mode = "k" })   -- grid -> its gl_grid* (and state)

local meta = { __metatable = "gridlayout.Grid" }

local function state_of(self, method)
  local state = type(self) == "table" and handle_of[self]
  if not state then
    local got = type(self) == "table" and "table" or type(self)
    error(string.format("bad self to '%s' (gridlayout.Grid expected, got %s; call it as grid:%s(...))",
                        method, got, method), 3)
  end
  return state
end

-- A callback's failure, kept until the C call that asked returns (an error cannot cross C frames).
local function remember(state, message)
  if not state.failure then state.failure = message end
end

-- Raises the C library's error (with the callback's own message in place of the status it
-- returned), or the first event callback's failure, at the caller of the method (level 4: raise,
-- call, the method's body, its caller: the method tail-calls its body).
local function raise(state, status)
  local failure = state.failure
  state.failure = nil
  if status ~= GL_OK then
    local message = last_error()
    if status == GL_ECALLBACK and failure then
      message = message:gsub(": [%w_]+ returned GL_ECALLBACK$", "") .. ": " .. failure
    end
    error(message, 4)
  elseif failure then
    error(failure, 4)
  end
end

local function call(state, status)
  status = tonumber(status)
  if status ~= GL_OK or state.failure then raise(state, status) end
end

local function argument(method, n, value, kind)
  if type(value) ~= "number" then
    error(string.format("bad argument #%d to '%s' (number expected, got %s)", n, method,
                        value == nil and "no value" or type(value)), 3)
  end
  if kind == "integer" and not is_integer(value) then
    error(string.format("bad argument #%d to '%s' (number has no integer representation)", n, method), 3)
  end
  return value
end

-- ---- the data source, through C callbacks ----------------------------------------------------

local function context_of(ctx) return grids[tonumber(ffi.cast("intptr_t", ctx))] end

local function traceback(message)
  if type(message) ~= "string" then
    local mt = getmetatable(message)
    message = mt and mt.__tostring and tostring(message)
        or "(error object is a " .. type(message) .. " value)"
  end
  return debug.traceback(message, 2)
end

-- Calls the data source's `key` for `what`; on failure keeps "MESSAGE" for raise() and gives nil.
local function ask(grid, state, key, ...)
  local source = rawget(grid, "_source")
  local ok, a, b = xpcall(source[key], traceback, ...)
  if not ok then remember(state, a) return false end
  return true, a, b
end

local function integer_answer(state, value)
  if not is_integer(value) then
    remember(state, "returned " .. show(value) .. ", expected an integer")
    return nil
  end
  return value
end

local function size_answer(state, w, h, out)
  if type(w) ~= "number" or type(h) ~= "number" then
    remember(state, "returned " .. show(w) .. ", " .. show(h) .. "; expected two numbers (width, height)")
    return false
  end
  out.w, out.h = w, h
  return true
end

local callbacks = {}
local function callback(key, ctype, fn)
  callbacks[key] = ffi.cast(ctype, function(ctx, ...)
    local grid = context_of(ctx)
    local state = grid and handle_of[grid]
    if not state then return GL_ECALLBACK end
    local ok, status = pcall(fn, grid, state, ...)
    if not ok then remember(state, tostring(status)) return GL_ECALLBACK end
    return status
  end)
end

callback("sections", "gl_status (*)(void *, int64_t *)", function(grid, state, count)
  local ok, n = ask(grid, state, "sections")
  if not ok then return GL_ECALLBACK end
  if n == nil then n = 1 end
  n = integer_answer(state, n)
  if not n then return GL_ECALLBACK end
  count[0] = n
  return GL_OK
end)

callback("count", "gl_status (*)(void *, int64_t, int64_t *)", function(grid, state, section, count)
  local ok, n = ask(grid, state, "count", tonumber(section) + 1)
  if not ok then return GL_ECALLBACK end
  n = integer_answer(state, n)
  if not n then return GL_ECALLBACK end
  count[0] = n
  return GL_OK
end)

callback("size", "gl_status (*)(void *, int64_t, int64_t, gl_size *)", function(grid, state, section, item, size)
  local ok, w, h = ask(grid, state, "size", tonumber(section) + 1, tonumber(item) + 1)
  if not ok or not size_answer(state, w, h, size) then return GL_ECALLBACK end
  return GL_OK
end)

callback("sizes", "gl_status (*)(void *, int64_t, gl_size *, int64_t)", function(grid, state, section, sizes, count)
  local ok, list = ask(grid, state, "sizes", tonumber(section) + 1)
  if not ok then return GL_ECALLBACK end
  local n = tonumber(count)
  if type(list) == "string" then
    -- Packed little-endian doubles, w1 h1 w2 h2 …: gl_size's own layout on a little-endian host.
    if #list ~= 16 * n or not ffi.abi("le") then
      remember(state, string.format("returned a string of %d bytes, expected 16 an item (%d items; width, height as little-endian doubles)", #list, n))
      return GL_ECALLBACK
    end
    ffi.copy(sizes, list, #list)
    return GL_OK
  end
  if type(list) ~= "table" then
    remember(state, "returned " .. show(list) .. ", expected a table of sizes or a string of packed doubles")
    return GL_ECALLBACK
  end
  local pairs_form = type(list[1]) == "table"
  for k = 0, n - 1 do
    local w, h
    if pairs_form then
      local entry = list[k + 1]
      if type(entry) == "table" then w, h = entry[1], entry[2] end
    else
      w, h = list[2 * k + 1], list[2 * k + 2]
    end
    if type(w) ~= "number" or type(h) ~= "number" then
      remember(state, string.format("returned no size for item %d, expected %d sizes", k + 1, n))
      return GL_ECALLBACK
    end
    sizes[k].w, sizes[k].h = w, h
  end
  return GL_OK
end)

local function optional_size(key)
  return function(grid, state, section, has, size)
    local ok, w, h = ask(grid, state, key, tonumber(section) + 1)
    if not ok then return GL_ECALLBACK end
    if w == nil and h == nil then has[0] = 0 return GL_OK end
    if not size_answer(state, w, h, size) then return GL_ECALLBACK end
    has[0] = 1
    return GL_OK
  end
end
callback("header", "gl_status (*)(void *, int64_t, int *, gl_size *)", optional_size("header"))
callback("footer", "gl_status (*)(void *, int64_t, int *, gl_size *)", optional_size("footer"))

local function flag(key, default)
  return function(grid, state, out)
    local ok, value = ask(grid, state, key)
    if not ok then return GL_ECALLBACK end
    if value == nil then value = default end
    out[0] = value and 1 or 0
    return GL_OK
  end
end
callback("showLoader", "gl_status (*)(void *, int *)", flag("showLoader", false))
callback("sameSize", "gl_status (*)(void *, int *)", flag("sameSize", false))

callback("lanes", "gl_status (*)(void *, int64_t, int *)", function(grid, state, section, lanes)
  local ok, n = ask(grid, state, "lanes", tonumber(section) + 1)
  if not ok then return GL_ECALLBACK end
  if n == nil then lanes[0] = 0 return GL_OK end
  n = integer_answer(state, n)
  if not n then return GL_ECALLBACK end
  lanes[0] = n
  return GL_OK
end)

callback("span", "gl_status (*)(void *, int64_t, int64_t, int64_t *)", function(grid, state, section, item, span)
  local ok, k = ask(grid, state, "span", tonumber(section) + 1, tonumber(item) + 1)
  if not ok then return GL_ECALLBACK end
  if k == nil then span[0] = 1 return GL_OK end
  if k == true then span[0] = GL_SPAN_ALL return GL_OK end
  k = integer_answer(state, k)
  if not k then return GL_ECALLBACK end
  span[0] = k
  return GL_OK
end)

local function plain(key, args)
  return function(grid, state, ...)
    local ok = ask(grid, state, key, args(...))
    return ok and GL_OK or GL_ECALLBACK
  end
end
local function one(s, i) return tonumber(s) + 1, tonumber(i) + 1 end
callback("insert", "gl_status (*)(void *, int64_t, int64_t)", plain("insert", one))
callback("remove", "gl_status (*)(void *, int64_t, int64_t)", plain("remove", one))
callback("moveItem", "gl_status (*)(void *, int64_t, int64_t, int64_t, int64_t)", function(grid, state, s, i, ts, ti)
  local source = rawget(grid, "_source")
  if source.moveItem ~= nil then
    return ask(grid, state, "moveItem", tonumber(s) + 1, tonumber(i) + 1, tonumber(ts) + 1, tonumber(ti) + 1)
        and GL_OK or GL_ECALLBACK
  end
  return ask(grid, state, "move", tonumber(s) + 1, tonumber(i) + 1, tonumber(ti) + 1, tonumber(ts) + 1)
      and GL_OK or GL_ECALLBACK
end)

local function yes_no(key, default, args)
  return function(grid, state, a, b, out)
    local ok, value = ask(grid, state, key, args(a, b))
    if not ok then return GL_ECALLBACK end
    if value == nil then value = default end
    out[0] = value and 1 or 0
    return GL_OK
  end
end
callback("canMove", "gl_status (*)(void *, int64_t, int64_t, int *)", yes_no("canMove", true, one))
callback("canMoveToSection", "gl_status (*)(void *, int64_t, int64_t, int *)", yes_no("canMoveToSection", false, one))

callback("style", "gl_status (*)(void *, int64_t, int64_t, gl_style *)", function(grid, state, section, item, style)
  local s, i = tonumber(section) + 1, tonumber(item) + 1
  local ok, answer = ask(grid, state, "style", s, i)
  if not ok then return GL_ECALLBACK end
  if answer == nil then return GL_OK end
  if type(answer) ~= "table" then
    remember(state, "returned " .. show(answer) .. ", expected a table {label =, fill =} or nil")
    return GL_ECALLBACK
  end
  -- The library copies both before it calls again: keep them alive until then.
  state.label = answer.label ~= nil and tostring(answer.label) or nil
  state.fill = answer.fill ~= nil and tostring(answer.fill) or nil
  style.label, style.fill = state.label, state.fill
  return GL_OK
end)

local SECTION_BITS = {}
for k, name in ipairs { "layout", "lanes", "columns", "order", "rowHeight", "tolerance", "widow", "spacing",
                        "lineSpacing", "itemSpacing", "inset", "minColumnWidth", "rows", "justify",
                        "alignItems", "background", "scroll", "sectionPaging" } do
  SECTION_BITS[name] = 2 ^ (k - 1)
end

callback("section", "gl_status (*)(void *, int64_t, gl_section_options *)", function(grid, state, section, out)
  local s = tonumber(section) + 1
  local ok, t = ask(grid, state, "section", s)
  if not ok then return GL_ECALLBACK end
  if t == nil then return GL_OK end
  if type(t) ~= "table" then
    remember(state, "returned " .. show(t) .. ", expected a table of options or nil")
    return GL_ECALLBACK
  end
  local set = 0
  for key, value in pairs(t) do
    local bit, o = SECTION_BITS[key], options[key]
    if not bit then
      remember(state, "returned the unknown key " .. show(key) .. " for section " .. s)
      return GL_ECALLBACK
    end
    local field = o.c_name
    if o.type == CHOICE then
      local index = type(value) == "string" and o.index[value]
      if not index then
        remember(state, "returned " .. key .. " = " .. show(value) .. " for section " .. s)
        return GL_ECALLBACK
      end
      out[field] = index
    elseif o.type == BOOL then
      out[field] = value and 1 or 0
    elseif o.type == INSETS then
      if type(value) == "number" then value = { top = value, left = value, bottom = value, right = value } end
      out[field].top, out[field].left = value.top or 0, value.left or 0
      out[field].bottom, out[field].right = value.bottom or 0, value.right or 0
    else
      if type(value) ~= "number" then
        remember(state, "returned " .. key .. " = " .. show(value) .. " for section " .. s)
        return GL_ECALLBACK
      end
      out[field] = value
    end
    set = set + bit
  end
  out.set = set
  return GL_OK
end)

-- The data source struct: the callbacks of the keys the table has (a NULL one takes C's default).
local FIELDS = {
  { "sections", "section_count" }, { "count", "item_count" }, { "size", "item_size" },
  { "sizes", "item_sizes" }, { "header", "header_size" }, { "showLoader", "show_loader" },
  { "sameSize", "same_size" }, { "lanes", "lanes" }, { "insert", "insert_item" },
  { "remove", "remove_item" }, { "moveItem", "move_item" }, { "move", "move_item" },
  { "canMove", "can_move" }, { "canMoveToSection", "can_move_to_section" }, { "footer", "footer_size" },
  { "span", "span" }, { "section", "section_options" }, { "style", "style" },
}

local function install_source(self, state, operation)
  local source = rawget(self, "_source")
  if source == nil then
    error(operation .. ": the grid has no dataSource (set grid.dataSource to a table of callbacks)", 3)
  end
  if source.count == nil then
    error(operation .. ": the dataSource has no 'count' function (count(section) returns the section's item count)", 3)
  end
  if source.size == nil and source.sizes == nil then
    error(operation .. ": the dataSource has no 'size' function (size(section, item) returns the item's width and height)", 3)
  end
  local keys = {}
  for _, f in ipairs(FIELDS) do if source[f[1]] ~= nil then keys[#keys + 1] = f[1] end end
  local signature = table.concat(keys, " ")
  if state.signature == signature then return end
  local ds = ffi.new("gl_data_source")
  ds.struct_size = ffi.sizeof("gl_data_source")
  ds.context = ffi.cast("void *", state.id)
  for _, key in ipairs(keys) do
    local field = key == "move" and "move_item" or nil
    for _, f in ipairs(FIELDS) do if f[1] == key then field = f[2] end end
    ds[field] = callbacks[key == "move" and "moveItem" or key]
  end
  call(state, C.gl_grid_set_data_source(state.handle, ds))
  state.signature = signature
end

-- ---- events: the delegate, the views, the loader ----------------------------------------------

local views = {}     -- id -> the Lua value of a view; the library holds the id
local next_view = 0

local KIND = { [0] = "item", "header", "loader", "footer", "background" }

local function deliver(grid, state, table_, key, what, ...)
  local fn = table_ and table_[key]
  if fn == nil then return nil end
  local ok, result = xpcall(fn, traceback, ...)
  if not ok then
    remember(state, "callback '" .. key .. "' failed" .. (what and " for " .. what or "") .. ": " .. result)
    return nil
  end
  return result
end

local function item_words(s, i) return string.format("item (section %d, item %d)", s, i) end

local on_event = ffi.cast("gl_event_fn", function(ctx, handle, event)
  local grid = context_of(ctx)
  local state = grid and handle_of[grid]
  if not state then return end
  local ok, message = pcall(function()
    local kind = tonumber(event.kind)
    local source, delegate = rawget(grid, "_source"), rawget(grid, "_delegate")
    local e, c = event.element, event.change
    local s, i = tonumber(e.section) + 1, tonumber(e.item) + 1
    if kind == 0 then        -- loaded
      local element = KIND[tonumber(e.kind)]
      if element == "item" and source and source.view ~= nil then
        local view = deliver(grid, state, source, "view", item_words(s, i), s, i)
        if view ~= nil then
          local id = state.view_ids[view]
          if not id then
            next_view = next_view + 1
            id = next_view
            views[id], state.view_ids[view] = view, id
          end
          C.gl_grid_attach_view(handle, e.section, e.item, ffi.cast("void *", id))
        end
      elseif element == "header" and source and source.headerView ~= nil then
        deliver(grid, state, source, "headerView", "header of section " .. s, s)
      elseif element == "footer" and source and source.footerView ~= nil then
        deliver(grid, state, source, "footerView", "footer of section " .. s, s)
      end
    elseif kind == 1 then    -- unloaded: an item's view goes to the pool
      local id = tonumber(ffi.cast("intptr_t", event.view))
      if id ~= 0 and source and source.willQueue ~= nil then
        deliver(grid, state, source, "willQueue", item_words(s, i), views[id])
      end
    elseif kind == 2 then
      deliver(grid, state, delegate, "loaderShown")
      if source and source.loadMore ~= nil then deliver(grid, state, source, "loadMore") end
    elseif kind == 3 then
      deliver(grid, state, delegate, "loaderHidden")
    elseif kind == 4 then
      local page = tonumber(event.page) + 1
      deliver(grid, state, delegate, "pageChanged", "page " .. page, page)
    elseif kind >= 6 and kind <= 10 then
      local key = ({ [6] = "didInsert", [7] = "didRemove", [8] = "didMove", [9] = "dragStarted", [10] = "dragEnded" })[kind]
      local fs, fi = tonumber(c.section) + 1, tonumber(c.item) + 1
      local ts, ti = tonumber(c.to_section) + 1, tonumber(c.to_item) + 1
      if kind == 6 or kind == 7 or kind == 9 then
        deliver(grid, state, delegate, key, item_words(fs, fi), fs, fi)
      else
        deliver(grid, state, delegate, key, item_words(fs, fi) .. " to " .. item_words(ts, ti), fs, fi, ts, ti)
      end
    elseif kind == 11 then   -- a view left the pool
      local id = tonumber(ffi.cast("intptr_t", event.view))
      local view = views[id]
      if view ~= nil then state.view_ids[view] = nil end
      views[id] = nil
    end
  end)
  if not ok then remember(state, tostring(message)) end
end)

-- ---- the grid ---------------------------------------------------------------------------------

-- The grid's whole configuration, read from the library.
local function current_config(state)
  local config = ffi.new("gl_config")
  config.struct_size = ffi.sizeof(config)
  call(state, C.gl_grid_get_config(state.handle, config))
  return config
end

-- Checks that the table `value` given for option `name` has only the keys `sides`, each a number.
local function check_sides(name, value, sides, level)
  local known = {}
  for _, side in ipairs(sides) do known[side] = true end
  for key, side in pairs(value) do
    if not known[key] then
      error("option '" .. name .. "': unexpected key " .. show(key) .. " (expected " .. table.concat(sides, ", ") .. ")", level)
    end
    if type(side) ~= "number" then
      error("option '" .. name .. "': " .. key .. " must be a number, got " .. type(side), level)
    end
  end
end

local function set_option(self, state, name, value, level)
  local o = options[name]
  if not o then
    local near = nearest(name, M.fields)
    error("unknown option '" .. tostring(name) .. "'" .. (near and " (did you mean '" .. near .. "'?)" or ""), level)
  end
  local handle = state.handle
  local function refuse(expected)
    error("option '" .. name .. "': " .. show(value) .. " is invalid" .. (expected and " (" .. expected .. ")" or ""), level + 1)
  end
  if value == nil then refuse() end
  local status
  if o.type == BOOL then
    if type(value) ~= "boolean" then refuse("expected a boolean") end
    status = C.gl_grid_set_option_number(handle, name, value and 1 or 0)
  elseif o.type == CHOICE then
    if type(value) ~= "string" then
      local quoted = {}
      for k, c in ipairs(o.choices) do quoted[k] = "'" .. c .. "'" end
      refuse("expected one of " .. table.concat(quoted, ", "))
    end
    status = C.gl_grid_set_option_string(handle, name, value)
  elseif o.type == NUMBER or o.type == INTEGER then
    if type(value) ~= "number" then
      -- The library words what it expects: ask it with a NaN, and name the value given.
      C.gl_grid_set_option_number(handle, name, 0 / 0)
      error((last_error():gsub(" nan is invalid", " " .. show(value):gsub("%%", "%%%%") .. " is invalid", 1)), level)
    end
    status = C.gl_grid_set_option_number(handle, name, value)
  elseif o.type == INSETS then
    if type(value) == "number" then
      status = C.gl_grid_set_option_number(handle, name, value)
    elseif type(value) ~= "table" then
      refuse("expected a number or {top, left, bottom, right}")
    else
      check_sides(name, value, { "top", "left", "bottom", "right" }, level + 1)
      local config = current_config(state)
      local insets = config[o.c_name]
      insets.top, insets.left = value.top or 0, value.left or 0
      insets.bottom, insets.right = value.bottom or 0, value.right or 0
      status = C.gl_grid_set_config(handle, config)
    end
  else -- SIZE
    if type(value) ~= "table" then refuse("expected a size {w, h}") end
    check_sides(name, value, { "w", "h" }, level + 1)
    local config = current_config(state)
    config[o.c_name].w, config[o.c_name].h = value.w or 0, value.h or 0
    status = C.gl_grid_set_config(handle, config)
  end
  if tonumber(status) ~= GL_OK then error(last_error(), level) end
end

local function get_option(state, name)
  local o = options[name]
  local handle = state.handle
  if o.type == INSETS or o.type == SIZE then
    local config = current_config(state)
    local v = config[o.c_name]
    if o.type == SIZE then return { w = v.w, h = v.h } end
    return { top = v.top, left = v.left, bottom = v.bottom, right = v.right }
  end
  if name == "spacing" then
    local line, item = get_option(state, "lineSpacing"), get_option(state, "itemSpacing")
    if line ~= item then return nil end
    return line
  end
  local value = ffi.new("double[1]")
  call(state, C.gl_grid_get_option_number(handle, name, value))
  local v = value[0]
  if o.type == BOOL then return v ~= 0 end
  if o.type == CHOICE then return o.choices[v + 1] end
  return v
end

meta.__index = function(self, key)
  local method = Grid[key]
  if method then return method end
  if key == "dataSource" then return rawget(self, "_source") end
  if key == "delegate" then return rawget(self, "_delegate") end
  local state = handle_of[self]
  if type(key) == "string" and options[key] then return get_option(state, key) end
  if type(key) == "string" then
    local near = nearest(key, M.methods)
    if near then
      return function() error("unknown method '" .. key .. "' (did you mean '" .. near .. "'?)", 2) end
    end
  end
  return nil
end

meta.__newindex = function(self, key, value)
  local state = handle_of[self]
  if key == "dataSource" or key == "delegate" then
    if value ~= nil and type(value) ~= "table" and type(value) ~= "userdata" then
      error("grid." .. key .. " must be a table or nil, got " .. type(value), 2)
    end
    rawset(self, key == "dataSource" and "_source" or "_delegate", value)
    if key == "dataSource" then state.signature = nil end
    return
  end
  if type(key) ~= "string" then error("unknown option '" .. tostring(key) .. "'", 2) end
  set_option(self, state, key, value, 3)
end

meta.__tostring = function(self)
  local state = handle_of[self]
  local size = ffi.new("int64_t[1]")
  C.gl_grid_section_count(state.handle, size)
  local n = tonumber(size[0])
  return string.format("gridlayout.Grid: %s %s %sx%s, %d section%s", get_option(state, "layout"),
                       get_option(state, "direction"), show(get_option(state, "width")),
                       show(get_option(state, "height")), n, n == 1 and "" or "s")
end

function M.new(opts)
  if opts ~= nil and type(opts) ~= "table" then
    error("bad argument #1 to 'new' (table expected, got " .. type(opts) .. ")", 2)
  end
  local out = ffi.new("gl_grid *[1]")
  if tonumber(C.gl_grid_create(nil, out)) ~= GL_OK then error(last_error(), 2) end
  next_id = next_id + 1
  local state = { id = next_id, handle = ffi.gc(out[0], C.gl_grid_destroy), view_ids = {} }
  local grid = setmetatable({}, meta)
  handle_of[grid] = state
  grids[state.id] = grid
  C.gl_grid_set_event_handler(state.handle, on_event, ffi.cast("void *", state.id))
  for key, value in pairs(opts or {}) do
    if type(key) ~= "string" then
      error("bad argument #1 to 'new' (option names are strings, got " .. type(key) .. ")", 2)
    end
    if key == "dataSource" or key == "delegate" then
      grid[key] = value
    else
      set_option(grid, state, key, value, 3)
    end
  end
  return grid
end

-- ---- methods ----------------------------------------------------------------------------------

local function operation(name, fn)
  Grid[name] = function(self, ...)
    local state = state_of(self, name)
    return fn(self, state, ...)
  end
end

operation("reload", function(self, state)
  install_source(self, state, "reload")
  call(state, C.gl_grid_reload(state.handle))
end)
operation("reloadNew", function(self, state)
  install_source(self, state, "reloadNew")
  call(state, C.gl_grid_reload_new(state.handle))
end)
operation("reloadSection", function(self, state, s)
  argument("reloadSection", 1, s, "integer")
  install_source(self, state, "reloadSection")
  call(state, C.gl_grid_reload_section(state.handle, s - 1))
end)

operation("contentSize", function(_, state)
  local size = ffi.new("gl_size")
  call(state, C.gl_grid_content_size(state.handle, size))
  return size.w, size.h
end)
operation("offset", function(_, state)
  local point = ffi.new("gl_point")
  call(state, C.gl_grid_offset(state.handle, point))
  return point.x, point.y
end)
operation("frame", function(_, state, s, i)
  argument("frame", 1, s, "integer")
  argument("frame", 2, i, "integer")
  local rect = ffi.new("gl_rect")
  call(state, C.gl_grid_frame(state.handle, s - 1, i - 1, rect))
  return rect.x, rect.y, rect.w, rect.h
end)

local function optional_frame(name, fn)
  operation(name, function(_, state, s)
    argument(name, 1, s, "integer")
    local has, rect = ffi.new("int[1]"), ffi.new("gl_rect")
    call(state, fn(state.handle, s - 1, has, rect))
    if has[0] == 0 then return nil end
    return rect.x, rect.y, rect.w, rect.h
  end)
end
optional_frame("headerFrame", C.gl_grid_header_frame)
optional_frame("footerFrame", C.gl_grid_footer_frame)
optional_frame("backgroundFrame", C.gl_grid_background_frame)

operation("loaderFrame", function(_, state)
  local shown, rect = ffi.new("int[1]"), ffi.new("gl_rect")
  call(state, C.gl_grid_loader_frame(state.handle, shown, rect))
  if shown[0] == 0 then return nil end
  return rect.x, rect.y, rect.w, rect.h
end)
-- A method that returns one count the library writes (`base` added: pages count from 1 in Lua).
local function count(name, fn, base)
  operation(name, function(_, state)
    local n = ffi.new("int64_t[1]")
    call(state, fn(state.handle, n))
    return tonumber(n[0]) + base
  end)
end
count("sectionCount", C.gl_grid_section_count, 0)
operation("itemCount", function(_, state, s)
  argument("itemCount", 1, s, "integer")
  local n = ffi.new("int64_t[1]")
  call(state, C.gl_grid_item_count(state.handle, s - 1, n))
  return tonumber(n[0])
end)

local function elements(state, list, fn)
  local count = ffi.new("size_t[1]")
  call(state, fn(nil, 0, count))
  local n = tonumber(count[0])
  local buffer = ffi.new("gl_element[?]", math.max(n, 1))
  call(state, fn(buffer, n, count))
  n = math.min(n, tonumber(count[0]))
  for k = 0, n - 1 do
    local e = buffer[k]
    local kind = KIND[tonumber(e.kind)]
    local t = { kind = kind, x = e.x, y = e.y, w = e.w, h = e.h, alpha = e.alpha, scale = e.scale }
    if kind ~= "loader" then t.section = tonumber(e.section) + 1 end
    if kind == "item" then t.item = tonumber(e.item) + 1 end
    if e.pinned ~= 0 then t.pinned = true end
    if e.dragged ~= 0 then t.dragged = true end
    list[#list + 1] = t
  end
  return list
end

operation("visible", function(_, state)
  return elements(state, {}, function(buffer, cap, count) return C.gl_grid_visible(state.handle, buffer, cap, count) end)
end)
operation("elements", function(_, state, x, y, w, h)
  for n, v in ipairs { x, y, w, h } do argument("elements", n, v) end
  local rect = ffi.new("gl_rect", x, y, w, h)
  return elements(state, {}, function(buffer, cap, count) return C.gl_grid_elements_in(state.handle, rect, buffer, cap, count) end)
end)
-- An index path the library found (from 0), or nil.
local function found_path(found, s, i)
  if found[0] == 0 then return nil end
  return tonumber(s[0]) + 1, tonumber(i[0]) + 1
end
local function path_out() return ffi.new("int[1]"), ffi.new("int64_t[1]"), ffi.new("int64_t[1]") end

operation("indexPathAt", function(_, state, x, y)
  argument("indexPathAt", 1, x)
  argument("indexPathAt", 2, y)
  local found, s, i = path_out()
  call(state, C.gl_grid_index_path_at(state.handle, ffi.new("gl_point", x, y), found, s, i))
  return found_path(found, s, i)
end)

local NAVIGATION = { up = 0, down = 1, left = 2, right = 3, next = 4, previous = 5 }
operation("neighbor", function(_, state, s, i, direction)
  argument("neighbor", 1, s, "integer")
  argument("neighbor", 2, i, "integer")
  local d = NAVIGATION[direction]
  if not d then
    error("bad argument #3 to 'neighbor' (expected one of 'up', 'down', 'left', 'right', 'next', 'previous', got "
          .. show(direction) .. ")", 2)
  end
  local found, ts, ti = path_out()
  call(state, C.gl_grid_neighbor(state.handle, s - 1, i - 1, d, found, ts, ti))
  return found_path(found, ts, ti)
end)

-- Methods of two numbers that return nothing: scrollTo, scrollBy, resize, dragTo.
local function two_numbers(name, fn)
  operation(name, function(_, state, a, b)
    argument(name, 1, a)
    argument(name, 2, b)
    call(state, fn(state.handle, a, b))
  end)
end
two_numbers("scrollTo", C.gl_grid_scroll_to)
two_numbers("scrollBy", C.gl_grid_scroll_by)
two_numbers("resize", C.gl_grid_resize)
two_numbers("dragTo", C.gl_grid_drag_to)
local ALIGN = { start = 0, center = 1, ["end"] = 2, nearest = 3 }
operation("scrollToItem", function(self, state, s, i, align)
  argument("scrollToItem", 1, s, "integer")
  argument("scrollToItem", 2, i, "integer")
  local a = ALIGN[align == nil and "start" or align]
  if not a then
    error("bad argument #3 to 'scrollToItem' (expected one of 'start', 'center', 'end', 'nearest', got "
          .. show(align) .. ")", 2)
  end
  call(state, C.gl_grid_scroll_to_item(state.handle, s - 1, i - 1, a))
end)
operation("scrollToEnd", function(self, state)
  call(state, C.gl_grid_scroll_to_end(state.handle))
end)
count("page", C.gl_grid_page, 1)
count("pageCount", C.gl_grid_page_count, 0)
operation("sectionOffset", function(_, state, s)
  argument("sectionOffset", 1, s, "integer")
  local offset = ffi.new("double[1]")
  call(state, C.gl_grid_section_offset(state.handle, s - 1, offset))
  return offset[0]
end)
operation("scrollSection", function(_, state, s, c)
  argument("scrollSection", 1, s, "integer")
  argument("scrollSection", 2, c)
  call(state, C.gl_grid_scroll_section(state.handle, s - 1, c))
end)

-- Mutations, animation and drags.
local function flag_argument(value, default)
  if value == nil then return default and 1 or 0 end
  return value and 1 or 0
end
operation("insert", function(self, state, s, i, animated, scroll)
  argument("insert", 1, s, "integer")
  argument("insert", 2, i, "integer")
  install_source(self, state, "insert")
  call(state, C.gl_grid_insert(state.handle, s - 1, i - 1, flag_argument(animated, true), flag_argument(scroll, false)))
end)
operation("remove", function(self, state, s, i, animated)
  argument("remove", 1, s, "integer")
  argument("remove", 2, i, "integer")
  install_source(self, state, "remove")
  call(state, C.gl_grid_remove(state.handle, s - 1, i - 1, flag_argument(animated, true)))
end)
operation("move", function(self, state, s, i, ts, ti, animated)
  for n, v in ipairs { s, i, ts, ti } do argument("move", n, v, "integer") end
  install_source(self, state, "move")
  call(state, C.gl_grid_move(state.handle, s - 1, i - 1, ts - 1, ti - 1, flag_argument(animated, true)))
end)
operation("step", function(_, state, dt)
  argument("step", 1, dt)
  call(state, C.gl_grid_step(state.handle, dt))
end)
operation("animating", function(_, state)
  local yes = ffi.new("int[1]")
  call(state, C.gl_grid_is_animating(state.handle, yes))
  return yes[0] ~= 0
end)
operation("beginDrag", function(self, state, x, y)
  argument("beginDrag", 1, x)
  argument("beginDrag", 2, y)
  install_source(self, state, "beginDrag")
  local found, s, i = path_out()
  call(state, C.gl_grid_begin_drag(state.handle, x, y, found, s, i))
  return found_path(found, s, i)
end)
operation("endDrag", function(_, state)
  call(state, C.gl_grid_end_drag(state.handle))
end)
operation("dragging", function(_, state)
  local yes, fs, fi, ts, ti = ffi.new("int[1]"), ffi.new("int64_t[4]"), nil, nil, nil
  call(state, C.gl_grid_drag_state(state.handle, yes, fs, fs + 1, fs + 2, fs + 3))
  if yes[0] == 0 then return nil end
  fi, ts, ti = fs[1], fs[2], fs[3]
  return tonumber(fs[0]) + 1, tonumber(fi) + 1, tonumber(ts) + 1, tonumber(ti) + 1
end)

-- Views: the library keeps ids; the Lua values stay here.
operation("dequeue", function(_, state)
  local view = ffi.new("void *[1]")
  call(state, C.gl_grid_dequeue(state.handle, view))
  local id = tonumber(ffi.cast("intptr_t", view[0]))
  if id == 0 then return nil end
  return views[id]
end)
operation("stats", function(_, state)
  local stats = ffi.new("gl_stats")
  call(state, C.gl_grid_stats(state.handle, stats))
  return { created = tonumber(stats.created), reused = tonumber(stats.reused), live = tonumber(stats.live),
           pooled = tonumber(stats.queued) }
end)

-- Sizes learnt late.
operation("measure", function(_, state, s, i, w, h)
  local list
  if type(s) == "table" then
    list = s
  else
    argument("measure", 1, s, "integer")
    argument("measure", 2, i, "integer")
    argument("measure", 3, w)
    argument("measure", 4, h)
    list = { { s, i, w, h } }
  end
  local items = ffi.new("gl_measure[?]", math.max(#list, 1))
  for k, entry in ipairs(list) do
    items[k - 1].section, items[k - 1].item = entry[1] - 1, entry[2] - 1
    items[k - 1].size.w, items[k - 1].size.h = entry[3], entry[4]
  end
  call(state, C.gl_grid_measure(state.handle, items, #list))
end)

-- Pictures: the C library's, its labels counting from 1 (gl_picture_options.base).
local function picture(state, fn, options_)
  local needed = ffi.new("size_t[1]")
  call(state, fn(state.handle, options_, nil, 0, needed))
  local size = tonumber(needed[0])
  local buffer = ffi.new("char[?]", size)
  call(state, fn(state.handle, options_, buffer, size, needed))
  return ffi.string(buffer)
end

operation("draw", function(self, state, opts)
  if opts ~= nil and type(opts) ~= "table" then
    error("bad argument #1 to 'draw' (table expected, got " .. type(opts) .. ")", 2)
  end
  opts = opts or {}
  for key in pairs(opts) do
    if key ~= "cols" and key ~= "rows" and key ~= "text" then
      error("draw: unknown option " .. show(key) .. " (expected cols, rows, text)", 2)
    end
  end
  local po = ffi.new("gl_picture_options")
  po.struct_size, po.base = ffi.sizeof(po), 1
  local function size(key, env, default)
    local v = opts[key]
    if v == nil then return tonumber(os.getenv(env) or "") or default end
    if not is_integer(v) or v < 1 or v > 10000 then
      error("draw: option '" .. key .. "' must be an integer in 1...10000, got " .. show(v), 3)
    end
    return v
  end
  po.cols, po.rows = size("cols", "COLUMNS", 80), size("rows", "LINES", 24)
  install_source(self, state, "draw")
  local text = picture(state, C.gl_grid_draw, po)
  if opts.text then return text end
  io.write(text)
end)

operation("svg", function(self, state, path, opts)
  if type(path) == "table" then path, opts = nil, path end
  if path ~= nil and type(path) ~= "string" then
    error("bad argument #1 to 'svg' (string or table expected, got " .. type(path) .. ")", 2)
  end
  opts = opts or {}
  for key in pairs(opts) do
    if key ~= "viewport" then error("svg: unknown option " .. show(key) .. " (expected viewport)", 3) end
  end
  local po = ffi.new("gl_picture_options")
  po.struct_size, po.base = ffi.sizeof(po), 1
  po.viewport = opts.viewport and 1 or 0
  install_source(self, state, "svg")
  local text = picture(state, C.gl_grid_svg, po)
  if not path then return text end
  local file = assert(io.open(path, "w"))
  file:write(text)
  file:close()
end)

-- Snapshots: ids (integers or strings) become the library's int64 ids, one per value, per grid.
operation("apply", function(self, state, snapshot, animated)
  if type(snapshot) ~= "table" then
    error("bad argument #1 to 'apply' (table of sections expected, got " .. type(snapshot) .. ")", 2)
  end
  install_source(self, state, "apply")
  state.id_of = state.id_of or { number = {}, string = {}, next = 0 }
  local ids = state.id_of
  local lists = ffi.new("gl_ids[?]", math.max(#snapshot, 1))
  local keep, total = {}, 0
  for s, section in ipairs(snapshot) do
    if type(section) ~= "table" then
      error("bad argument #1 to 'apply' (section " .. s .. " is " .. type(section) .. ", expected a table of ids)", 2)
    end
    local array = ffi.new("int64_t[?]", math.max(#section, 1))
    for i, id in ipairs(section) do
      local kind = type(id)
      if kind == "number" and not is_integer(id) then
        error("bad argument #1 to 'apply' (id at {" .. s .. ", " .. i .. "}: " .. show(id)
              .. " has no integer representation)", 2)
      elseif kind ~= "number" and kind ~= "string" then
        error("bad argument #1 to 'apply' (id at {" .. s .. ", " .. i .. "}: " .. show(id)
              .. " is not an integer or a string)", 2)
      end
      local n = ids[kind][id]
      if not n then
        ids.next = ids.next + 1
        n = ids.next
        ids[kind][id] = n
      end
      array[i - 1] = n
    end
    keep[s] = array
    lists[s - 1].ids, lists[s - 1].count = array, #section
    total = total + #section
  end
  local held = 0
  local count = ffi.new("int64_t[1]")
  for s = 0, (Grid.sectionCount(self) or 0) - 1 do
    if tonumber(C.gl_grid_item_count(state.handle, s, count)) == GL_OK then held = held + tonumber(count[0]) end
  end
  local diff = ffi.new("gl_diff")
  local removed = ffi.new("gl_index_path[?]", math.max(held, 1))
  local inserted = ffi.new("gl_index_path[?]", math.max(total, 1))
  local moved = ffi.new("gl_move[?]", math.max(total, 1))
  diff.removed, diff.removed_size = removed, held
  diff.inserted, diff.inserted_size = inserted, total
  diff.moved, diff.moved_size = moved, total
  local status = tonumber(C.gl_grid_apply(state.handle, lists, #snapshot, flag_argument(animated, true), diff))
  if status == 1 and not state.failure then   -- GL_EINVAL: a duplicate id, a bad argument in Lua's words
    error("bad argument #1 to 'apply' (" .. last_error():gsub("^apply: ", "") .. ")", 2)
  end
  call(state, status)
  local function paths(buffer, n)
    local list = {}
    for k = 0, n - 1 do list[k + 1] = { tonumber(buffer[k].section) + 1, tonumber(buffer[k].item) + 1 } end
    return list
  end
  local result = { removed = paths(removed, tonumber(diff.removed_count)),
                   inserted = paths(inserted, tonumber(diff.inserted_count)), moved = {} }
  for k = 0, tonumber(diff.moved_count) - 1 do
    local m = moved[k]
    result.moved[k + 1] = { from = { tonumber(m.from.section) + 1, tonumber(m.from.item) + 1 },
                            to = { tonumber(m.to.section) + 1, tonumber(m.to.item) + 1 } }
  end
  return result
end)

operation("estimated", function(self, state)
  -- The content counts estimated items while the laid-out content differs from the data's.
  local config = current_config(state)
  if config.estimated_size.w == 0 and config.estimated_size.h == 0 then return false end
  error("estimated: not in the LuaJIT binding (docs/luajit.md)", 2)
end)

-- Layout transitions: the target is the grid's configuration with `opts` set, each option checked
-- as a field's is, on a scratch grid of the same configuration (nothing of the grid changes).
local function target_config(state, method, opts)
  if type(opts) ~= "table" then
    error(string.format("bad argument #1 to '%s' (table of options expected, got %s)", method, type(opts)), 3)
  end
  local config = current_config(state)
  local out = ffi.new("gl_grid *[1]")
  if tonumber(C.gl_grid_create(config, out)) ~= GL_OK then error(last_error(), 3) end
  local scratch = { handle = ffi.gc(out[0], C.gl_grid_destroy) }
  for key, value in pairs(opts) do
    if type(key) ~= "string" or not options[key] then
      local near = type(key) == "string" and nearest(key, M.fields)
      error(method .. ": unknown option '" .. tostring(key) .. "'" .. (near and " (did you mean '" .. near .. "'?)" or ""), 3)
    end
    set_option(nil, scratch, key, value, 4)
  end
  call(scratch, C.gl_grid_get_config(scratch.handle, config))
  return config
end

-- A running transition's handle: its methods act on its grid's transition.
local Transition = {}
Transition.__index = Transition
function Transition:progress(p)
  argument("progress", 1, p)
  call(self.state, C.gl_grid_transition_progress(self.state.handle, p))
end
function Transition:commit() call(self.state, C.gl_grid_transition_commit(self.state.handle)) end
function Transition:cancel() call(self.state, C.gl_grid_transition_cancel(self.state.handle)) end

operation("transition", function(_, state, opts)
  local config = target_config(state, "transition", opts)
  call(state, C.gl_grid_transition(state.handle, config))
  return setmetatable({ state = state }, Transition)
end)
operation("animateTo", function(_, state, opts, duration)
  local config = target_config(state, "animateTo", opts)
  argument("animateTo", 2, duration)
  call(state, C.gl_grid_animate_to(state.handle, config, duration))
end)

-- The methods the C library has no function for, or this binding does not carry yet.
for _, name in ipairs(M.methods) do
  if not Grid[name] then
    Grid[name] = function(self)
      state_of(self, name)
      error(name .. ": not in the LuaJIT binding (docs/luajit.md)", 2)
    end
  end
end

return M
