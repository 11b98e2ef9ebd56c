#!/usr/bin/env python3
"""The shared layout fixtures (Tests/fixtures/layout/*.json): record their expected answers, and
generate the C face's test from them.

    tools/layout_fixtures.py fill [NAME ...]   runs each fixture's input (options, data, viewport
                                               offsets) through the engine (the Python binding over
                                               the debug libgridlayout.so) and writes its
                                               contentSize, frames and visible elements into it
    tools/layout_fixtures.py c                 writes bindings/c/tests/test_fixtures.c
    tools/layout_fixtures.py c --check         fails when that file is not what the fixtures give

`fill` records what the engine does now: check the recorded numbers by hand (docs/lua.md's rules)
before committing them. The format is in Tests/fixtures/README.md. JSON is read with the standard
library's json module; no face parses JSON by hand.
"""

import json
import math
import os
import re
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(REPO, "Tests", "fixtures", "layout")
C_TEST = os.path.join(REPO, "bindings", "c", "tests", "test_fixtures.c")


def fixture_names():
    return sorted(f[:-5] for f in os.listdir(FIXTURES) if f.endswith(".json"))


_KEYS = {"description", "options", "data", "contentSize", "frames", "viewports"}
_DATA_KEYS = {"sections", "showLoader", "sameSize"}
_SECTION_KEYS = {"sizes", "count", "size", "header", "lanes"}


def load(name):
    """The fixture NAME; exits naming the file and the key when it has a key the format lacks
    (a misspelt key would otherwise be ignored by some faces and not others)."""
    with open(os.path.join(FIXTURES, name + ".json"), encoding="utf-8") as f:
        fx = json.load(f)
    unknown = (set(fx) - _KEYS) | (set(fx.get("data", {})) - _DATA_KEYS)
    for section in fx.get("data", {}).get("sections", []):
        unknown |= set(section) - _SECTION_KEYS
        if ("sizes" in section) == ("count" in section or "size" in section):
            sys.exit(f"{name}.json: a section has either sizes, or count and size")
    if unknown:
        sys.exit(f"{name}.json: unknown keys {sorted(unknown)} (see Tests/fixtures/README.md)")
    return fx


def section_sizes(section):
    """A section's item sizes: `sizes`, or `count` times `size`."""
    if "sizes" in section:
        return [tuple(s) for s in section["sizes"]]
    return [tuple(section["size"])] * section["count"]


# ---- fill -------------------------------------------------------------------------------------

def _binding():
    sys.path.insert(0, os.path.join(REPO, "bindings", "python"))
    if not os.environ.get("GRIDLAYOUT_LIBRARY"):
        bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO, check=True,
                                  capture_output=True, text=True).stdout.strip()
        os.environ["GRIDLAYOUT_LIBRARY"] = os.path.join(bin_path, "libgridlayout.so")
    import gridlayout
    return gridlayout


def _number(v):
    return int(v) if float(v).is_integer() and abs(v) < 2 ** 53 else v


def _rect(r):
    return None if r is None else [_number(v) for v in r]


def fill(names):
    gridlayout = _binding()
    for name in names:
        fx = load(name)
        options = {}
        for key, value in fx["options"].items():
            key = re.sub(r"[A-Z]", lambda m: "_" + m.group(0).lower(), key)
            options[key] = (value["w"], value["h"]) if key == "loader_size" else value
        data = fx["data"]
        sections = data["sections"]
        with gridlayout.Grid(**options) as grid:
            grid.set_sections([section_sizes(s) for s in sections],
                              headers=[s.get("header") for s in sections],
                              lanes=[s.get("lanes") for s in sections],
                              show_loader=data.get("showLoader", False),
                              same_size=data.get("sameSize", False))
            grid.reload()
            fx["contentSize"] = [_number(v) for v in grid.content_size()]
            fx["frames"] = {
                "items": [[_rect(grid.frame(s, i)) for i in range(grid.item_count(s))]
                          for s in range(grid.section_count())],
                "headers": [_rect(grid.header_frame(s)) for s in range(grid.section_count())],
                "loader": _rect(grid.loader_frame()),
            }
            for viewport in fx["viewports"]:
                grid.scroll_to(*viewport["offset"])
                if list(grid.offset()) != viewport["offset"]:
                    sys.exit(f"{name}: offset {viewport['offset']} is out of range "
                             f"(it clamps to {list(grid.offset())})")
                viewport["visible"] = [
                    [e.kind, e.section, e.item] + _rect(e.rect) + ([True] if e.pinned else [])
                    for e in grid.visible()]
        ordered = {k: fx[k] for k in ("description", "options", "data", "contentSize", "frames",
                                      "viewports")}
        with open(os.path.join(FIXTURES, name + ".json"), "w", encoding="utf-8") as f:
            f.write(dumps(ordered) + "\n")
        print(f"{name}: content {fx['contentSize']}, "
              f"{sum(len(s) for s in fx['frames']['items'])} items, "
              f"{len(fx['viewports'])} viewports")


def dumps(value, indent=0):
    """JSON with anything that fits in 100 columns (a size, a frame, an element, a short list of
    options) on one line."""
    compact = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (dict, list)) or len(compact) + 2 * indent <= 100:
        return compact
    pad = "  " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {dumps(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
    items = [pad + dumps(v, indent + 1) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + "  " * indent + "]"


# ---- the C test -------------------------------------------------------------------------------

def _c_number(v):
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise ValueError(f"not a finite number: {v!r}")
    return str(int(v)) if float(v).is_integer() and abs(v) < 2 ** 53 else repr(float(v))


def _c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _c_rect(r):
    return "{ " + ", ".join(_c_number(v) for v in r) + " }"


_KINDS = {"item": "GL_KIND_ITEM", "header": "GL_KIND_HEADER", "loader": "GL_KIND_LOADER", "footer": "GL_KIND_FOOTER",
          "background": "GL_KIND_BACKGROUND"}


def c_source():
    names = fixture_names()
    out = []
    w = out.append
    w("/* GENERATED by tools/layout_fixtures.py from the JSON files in Tests/fixtures/layout: do not edit.")
    w(" * `make -C bindings/c test` checks that it is up to date (tools/layout_fixtures.py c --check).")
    w(" * Every fixture through the C face: options by name (padding and loaderSize through gl_config),")
    w(" * the sections through gl_grid_set_sections, then the exact content size, every frame, and the")
    w(" * visible elements at each offset. Indices from 0. */")
    w("#include <stdint.h>")
    w("#include <stdio.h>")
    w("#include <string.h>")
    w('#include "gridlayout.h"')
    w('#include "expect.h"')
    w("")
    w("typedef struct fx_option { const char *name; const char *string; double number; } fx_option;")
    w("typedef struct fx_element { int kind; int64_t section, item; gl_rect frame; int pinned; } fx_element;")
    w("typedef struct fx_viewport { double x, y; const fx_element *visible; size_t count; } fx_viewport;")
    w("typedef struct fx_section_frames { const gl_rect *items; size_t count; int has_header; gl_rect header; } fx_section_frames;")
    w("typedef struct fixture {")
    w("    const char *name;")
    w("    int has_padding; gl_insets padding;")
    w("    int has_loader_size; gl_size loader_size;")
    w("    const fx_option *options; size_t option_count;")
    w("    const gl_section *sections; size_t section_count; int flags;")
    w("    gl_size content;")
    w("    const fx_section_frames *frames;")
    w("    int has_loader; gl_rect loader;")
    w("    const fx_viewport *viewports; size_t viewport_count;")
    w("} fixture;")
    w("")
    entries = []
    for n, name in enumerate(names):
        fx = load(name)
        p = f"f{n}"
        w(f"/* {name}: {fx['description']} */")
        options, padding, loader_size = [], None, None
        for key, value in fx["options"].items():
            if key == "padding" and isinstance(value, dict):
                padding = [value.get(k, 0) for k in ("top", "left", "bottom", "right")]
            elif key == "loaderSize":
                loader_size = [value["w"], value["h"]]
            elif isinstance(value, str):
                options.append(f"{{ {_c_string(key)}, {_c_string(value)}, 0 }}")
            elif isinstance(value, bool):
                options.append(f"{{ {_c_string(key)}, NULL, {1 if value else 0} }}")
            else:
                options.append(f"{{ {_c_string(key)}, NULL, {_c_number(value)} }}")
        w(f"static const fx_option {p}_options[] = {{ {', '.join(options) or '{ NULL, NULL, 0 }'} }};")
        data = fx["data"]
        same = data.get("sameSize", False)
        sections = []
        for s, section in enumerate(data["sections"]):
            sizes = section_sizes(section)
            stored = sizes[:1] if same else sizes
            if stored:
                w(f"static const gl_size {p}_s{s}_sizes[] = {{ "
                  + ", ".join("{ " + _c_number(a) + ", " + _c_number(b) + " }" for a, b in stored) + " };")
            header = section.get("header")
            sections.append("{ " + (f"{p}_s{s}_sizes" if stored else "NULL") + f", {len(sizes)}, "
                            + (f"1, {{ {_c_number(header[0])}, {_c_number(header[1])} }}" if header else "0, { 0, 0 }")
                            + f", {section.get('lanes') or 0} }}")
        if sections:
            w(f"static const gl_section {p}_sections[] = {{ {', '.join(sections)} }};")
        frames = fx["frames"]
        section_frames = []
        for s, items in enumerate(frames["items"]):
            if items:
                w(f"static const gl_rect {p}_s{s}_frames[] = {{ " + ", ".join(_c_rect(r) for r in items) + " };")
            header = frames["headers"][s]
            section_frames.append("{ " + (f"{p}_s{s}_frames" if items else "NULL") + f", {len(items)}, "
                                  + (f"1, {_c_rect(header)}" if header else "0, { 0, 0, 0, 0 }") + " }")
        if section_frames:
            w(f"static const fx_section_frames {p}_frames[] = {{ {', '.join(section_frames)} }};")
        viewports = []
        for v, viewport in enumerate(fx["viewports"]):
            elements = []
            for e in viewport["visible"]:
                kind, section, item = e[0], e[1], e[2]
                pinned = 1 if len(e) > 7 and e[7] else 0
                elements.append(f"{{ {_KINDS[kind]}, {-1 if section is None else section}, "
                                f"{-1 if item is None else item}, {_c_rect(e[3:7])}, {pinned} }}")
            if elements:
                w(f"static const fx_element {p}_v{v}[] = {{\n    " + ",\n    ".join(elements) + " };")
            x, y = viewport["offset"]
            viewports.append(f"{{ {_c_number(x)}, {_c_number(y)}, " + (f"{p}_v{v}" if elements else "NULL")
                             + f", {len(elements)} }}")
        w(f"static const fx_viewport {p}_viewports[] = {{ {', '.join(viewports)} }};")
        flags = " | ".join((["GL_SHOW_LOADER"] if data.get("showLoader") else [])
                           + (["GL_SAME_SIZE"] if same else [])) or "0"
        loader = frames["loader"]
        entries.append(
            f"    {{ {_c_string(name)},\n"
            f"      {1 if padding else 0}, {{ {', '.join(_c_number(v) for v in (padding or [0, 0, 0, 0]))} }},\n"
            f"      {1 if loader_size else 0}, {{ {', '.join(_c_number(v) for v in (loader_size or [0, 0]))} }},\n"
            f"      {p}_options, {len(options)},\n"
            f"      {p + '_sections' if sections else 'NULL'}, {len(sections)}, {flags},\n"
            f"      {{ {_c_number(fx['contentSize'][0])}, {_c_number(fx['contentSize'][1])} }},\n"
            f"      {p + '_frames' if section_frames else 'NULL'},\n"
            f"      {1 if loader else 0}, {_c_rect(loader or [0, 0, 0, 0])},\n"
            f"      {p}_viewports, {len(viewports)} }}")
        w("")
    w(f"#define FIXTURE_COUNT {len(names)}")
    w("static const fixture fixtures[FIXTURE_COUNT] = {")
    w(",\n".join(entries))
    w("};")
    w(_C_RUNNER)
    return "\n".join(out)


_C_RUNNER = r'''
/* A check that names the fixture and what it compared. */
#define FX_EXPECT(cond, ...) do { if (cond) passed++; else { failed++; \
    fprintf(stderr, "%s: FAILED: ", fx->name); fprintf(stderr, __VA_ARGS__); \
    fprintf(stderr, " (last error: %s)\n", gl_last_error()); } } while (0)
#define SAME_RECT(a, b) ((a).x == (b).x && (a).y == (b).y && (a).w == (b).w && (a).h == (b).h)

static int run_fixture(const fixture *fx) {
    gl_config c;
    gl_config_init(&c);
    if (fx->has_padding) c.padding = fx->padding;
    if (fx->has_loader_size) c.loader_size = fx->loader_size;
    gl_grid *g = NULL;
    gl_status status = gl_grid_create(&c, &g);
    FX_EXPECT(status == GL_OK, "gl_grid_create gave %s", gl_status_name(status));
    if (status != GL_OK) return 0;
    for (size_t k = 0; k < fx->option_count; k++) {
        const fx_option *o = &fx->options[k];
        status = o->string ? gl_grid_set_option_string(g, o->name, o->string)
                           : gl_grid_set_option_number(g, o->name, o->number);
        FX_EXPECT(status == GL_OK, "option '%s' gave %s", o->name, gl_status_name(status));
    }
    status = gl_grid_set_sections(g, fx->sections, fx->section_count, fx->flags);
    FX_EXPECT(status == GL_OK, "gl_grid_set_sections gave %s", gl_status_name(status));
    status = gl_grid_reload(g);
    FX_EXPECT(status == GL_OK, "gl_grid_reload gave %s", gl_status_name(status));

    gl_size content = { -1, -1 };
    OK(gl_grid_content_size(g, &content));
    FX_EXPECT(content.w == fx->content.w && content.h == fx->content.h, "content %g x %g, expected %g x %g",
              content.w, content.h, fx->content.w, fx->content.h);
    int64_t sections = -1;
    OK(gl_grid_section_count(g, &sections));
    FX_EXPECT(sections == (int64_t)fx->section_count, "%lld sections, expected %zu", (long long)sections, fx->section_count);
    for (size_t s = 0; s < fx->section_count && (int64_t)s < sections; s++) {
        const fx_section_frames *f = &fx->frames[s];
        int64_t items = -1;
        OK(gl_grid_item_count(g, (int64_t)s, &items));
        FX_EXPECT(items == (int64_t)f->count, "section %zu has %lld items, expected %zu", s, (long long)items, f->count);
        for (size_t i = 0; i < f->count && (int64_t)i < items; i++) {
            gl_rect r = { -1, -1, -1, -1 };
            OK(gl_grid_frame(g, (int64_t)s, (int64_t)i, &r));
            FX_EXPECT(SAME_RECT(r, f->items[i]), "item (%zu, %zu) at %g,%g %gx%g, expected %g,%g %gx%g", s, i,
                      r.x, r.y, r.w, r.h, f->items[i].x, f->items[i].y, f->items[i].w, f->items[i].h);
        }
        int has = -1;
        gl_rect r = { -1, -1, -1, -1 };
        OK(gl_grid_header_frame(g, (int64_t)s, &has, &r));
        FX_EXPECT(has == f->has_header && (!has || SAME_RECT(r, f->header)), "header %zu: %d at %g,%g %gx%g", s,
                  has, r.x, r.y, r.w, r.h);
    }
    int shown = -1;
    gl_rect loader = { -1, -1, -1, -1 };
    OK(gl_grid_loader_frame(g, &shown, &loader));
    FX_EXPECT(shown == fx->has_loader && (!shown || SAME_RECT(loader, fx->loader)), "loader: %d at %g,%g %gx%g",
              shown, loader.x, loader.y, loader.w, loader.h);

    gl_element buf[256];
    for (size_t v = 0; v < fx->viewport_count; v++) {
        const fx_viewport *vp = &fx->viewports[v];
        OK(gl_grid_scroll_to(g, vp->x, vp->y));
        gl_point offset = { -1, -1 };
        OK(gl_grid_offset(g, &offset));
        FX_EXPECT(offset.x == vp->x && offset.y == vp->y, "offset %g,%g, expected %g,%g", offset.x, offset.y, vp->x, vp->y);
        size_t count = 0;
        OK(gl_grid_visible(g, buf, sizeof buf / sizeof buf[0], &count));
        FX_EXPECT(count == vp->count, "at %g,%g: %zu visible, expected %zu", vp->x, vp->y, count, vp->count);
        for (size_t k = 0; k < count && k < vp->count && k < sizeof buf / sizeof buf[0]; k++) {
            const gl_element *e = &buf[k];
            const fx_element *x = &vp->visible[k];
            FX_EXPECT(e->kind == x->kind && e->section == x->section && e->item == x->item && e->pinned == x->pinned
                      && e->x == x->frame.x && e->y == x->frame.y && e->w == x->frame.w && e->h == x->frame.h,
                      "at %g,%g: visible[%zu] is kind %d (%lld, %lld) %g,%g %gx%g pinned %d, expected kind %d "
                      "(%lld, %lld) %g,%g %gx%g pinned %d", vp->x, vp->y, k, e->kind, (long long)e->section,
                      (long long)e->item, e->x, e->y, e->w, e->h, e->pinned, x->kind, (long long)x->section,
                      (long long)x->item, x->frame.x, x->frame.y, x->frame.w, x->frame.h, x->pinned);
        }
    }
    OK(gl_grid_destroy(g));
    return 1;
}

int main(void) {
    int ran = 0;
    for (size_t n = 0; n < FIXTURE_COUNT; n++) ran += run_fixture(&fixtures[n]);
    /* Every fixture file ran (the generator's --check keeps this file in step with the directory). */
    EXPECT(ran == FIXTURE_COUNT);
    EXPECT(FIXTURE_COUNT >= 12);
    printf("fixtures: %d of %d layout fixtures ran\n", ran, FIXTURE_COUNT);
    return expect_summary();
}'''


def main(argv):
    if len(argv) >= 1 and argv[0] == "fill":
        fill(argv[1:] or fixture_names())
        return 0
    if len(argv) >= 1 and argv[0] == "c":
        source = c_source() + "\n"
        if argv[1:] == ["--check"]:
            try:
                with open(C_TEST, encoding="utf-8") as f:
                    current = f.read()
            except FileNotFoundError:
                current = None
            if current != source:
                print(f"{os.path.relpath(C_TEST, REPO)} is not what Tests/fixtures/layout gives: "
                      "run tools/layout_fixtures.py c", file=sys.stderr)
                return 1
            print(f"{os.path.relpath(C_TEST, REPO)}: up to date with {len(fixture_names())} fixtures")
            return 0
        if argv[1:]:
            print(__doc__, file=sys.stderr)
            return 2
        with open(C_TEST, "w", encoding="utf-8") as f:
            f.write(source)
        print(f"wrote {os.path.relpath(C_TEST, REPO)} ({len(fixture_names())} fixtures)")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
