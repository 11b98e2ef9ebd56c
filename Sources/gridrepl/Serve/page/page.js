"use strict";
const scroller = document.getElementById("scroller"), content = document.getElementById("content");
const statusText = document.getElementById("status"), info = document.getElementById("info");
const hint = document.getElementById("hint");
const boxes = new Map();  // key -> box: exactly the elements of the last answer
let state = null, generation = null, selected = null, drag = null, queued = 0, viewportQueued = false;
let chain = Promise.resolve(), pollTimer = null, failure = null;
// The scroll position the engine last knew of: the one last sent, or the engine's offset the page
// last moved to. A page scrolled away from it has a scroll of the user's on its way.
let synced = { x: 0, y: 0 };

// For tests and the console: the last answer, and whether requests are out or waiting.
window.gridView = { get state() { return state; }, get busy() { return queued > 0; }, boxes };

function key(e) { return e.kind + ":" + (e.section ?? "") + ":" + (e.item ?? ""); }
function describe(e) {
  const what = e.kind === "item" ? `item ${e.section}.${e.item}` : e.section ? `${e.kind} ${e.section}` : e.kind;
  return `${what}  x ${e.x}  y ${e.y}  ${e.w}×${e.h}${e.pinned ? "  (pinned)" : ""}`;
}

// Queues a request; `make` runs when its turn comes and returns {path, body, show, own} (body:
// POST; show: what takes the answer, else `render`, for answers that are not the state; own: the
// caller shows a failure itself, not the bar), or null to skip; `then` gets the answer (null
// after a failure, and the failure's message) before the next request starts.
function request(make, then = () => {}) {
  queued++;
  const run = async () => {
    let r = null;
    try {
      r = make();
      if (!r) return then(null);
      const init = r.body === undefined ? { cache: "no-store" } :
        { method: "POST", body: JSON.stringify(r.body), headers: { "Content-Type": "application/json" } };
      const response = await fetch(r.path, init);
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.error || `HTTP ${response.status}`);
      failure = null;
      (r.show || render)(answer);
      then(answer);
    } catch (err) {
      if (!(r && r.own)) {
        failure = err.message;
        showStatus();
      }
      then(null, err.message);
    } finally {
      queued--;
    }
  };
  chain = chain.then(run).catch(() => null);
}

function viewportBody() {
  synced = { x: scroller.scrollLeft, y: scroller.scrollTop };
  return { x: scroller.scrollLeft, y: scroller.scrollTop, width: scroller.clientWidth, height: scroller.clientHeight };
}

// The page's scroll offset and size to the engine (at most one such request waiting).
function sendViewport() {
  if (viewportQueued) return;
  viewportQueued = true;
  request(() => { viewportQueued = false; return { path: "/api/viewport", body: viewportBody() }; });
}

function render(s) {
  if (s.generation !== generation) {  // a new run of the script: a new grid
    for (const box of boxes.values()) box.remove();
    boxes.clear();
    generation = s.generation;
    selected = null;
    switchingTo = null;
    layoutError.textContent = "";
    document.title = `gridrepl — ${s.script}`;
    if (!editPending) loadSource();  // not this page's edit: the file's text, or another page's edit
  }
  state = s;
  content.style.width = s.content.width + "px";
  content.style.height = s.content.height + "px";
  document.body.classList.toggle("sort", s.sort);
  hint.textContent = s.sort ? "drag an item to move it" : "";
  const seen = new Set();
  for (const e of s.elements) {
    const k = key(e);
    seen.add(k);
    let box = boxes.get(k);
    if (!box) {
      box = document.createElement("div");
      boxes.set(k, box);
      content.appendChild(box);
    }
    box.className = "el " + e.kind + (e.pinned ? " pinned" : "") + (e.dragged ? " dragged" : "") + (k === selected ? " selected" : "");
    box.dataset.kind = e.kind;
    box.dataset.section = e.section ?? "";
    box.dataset.item = e.item ?? "";
    box.style.left = e.x + "px";
    box.style.top = e.y + "px";
    box.style.width = e.w + "px";
    box.style.height = e.h + "px";
    box.style.opacity = e.alpha;
    box.style.transform = e.scale === 1 ? "" : `scale(${e.scale})`;
    // A colour only (the server passes only CSS colours): the longhand cannot take an image.
    box.style.backgroundColor = e.fill || "";
    if (box.textContent !== e.label) box.textContent = box.title = e.label;
    box.element = e;
  }
  for (const [k, box] of boxes) if (!seen.has(k)) { box.remove(); boxes.delete(k); }
  // The engine moved the offset (a drag's auto-scroll, anchoring, following the end, a new run
  // clamping it): the page follows, unless the user's own scroll is on its way (queued, or not yet
  // seen by the scroll listener: the page is no longer where the engine last knew it to be).
  const userScrolled = Math.abs(scroller.scrollLeft - synced.x) >= 1 || Math.abs(scroller.scrollTop - synced.y) >= 1;
  if (!viewportQueued && !userScrolled &&
      (Math.abs(scroller.scrollLeft - s.offset.x) >= 1 || Math.abs(scroller.scrollTop - s.offset.y) >= 1)) {
    scroller.scrollTo(s.offset.x, s.offset.y);
    synced = { x: scroller.scrollLeft, y: scroller.scrollTop };
  }
  showLayout(s);
  placeScrubber();
  showStatus();
  schedulePoll();
}

function showStatus() {
  statusText.textContent = "";
  if (state) {
    const s = state;
    statusText.append(`${s.script}  offset (${s.offset.x}, ${s.offset.y})  viewport ${s.viewport.width}×${s.viewport.height}` +
      `  content ${s.content.width}×${s.content.height}  ${s.elements.length} visible` +
      (s.animating ? "  animating" : "") + (s.dragging ? "  dragging" : ""));
  }
  const error = failure || (state && state.error);
  if (error) {
    const span = document.createElement("span");
    span.className = "error";
    span.textContent = "  " + error;
    statusText.append(span);
  }
}

function schedulePoll() {
  clearTimeout(pollTimer);
  const fast = state && (state.animating || state.ticking || state.dragging || drag);
  pollTimer = setTimeout(() => {
    if (queued === 0) request(() => ({ path: "/api/state" })); else schedulePoll();
  }, fast ? 30 : 500);
}

scroller.addEventListener("scroll", () => {
  if (state && Math.abs(scroller.scrollLeft - state.offset.x) < 1 && Math.abs(scroller.scrollTop - state.offset.y) < 1) return;
  sendViewport();
});
// The scroll area's size is the engine's viewport: a window resized, or the editor opened or closed.
new ResizeObserver(() => { if (state) { sendViewport(); placeScrubber(); } }).observe(scroller);

// A point of the viewport (what beginDrag and dragTo take).
function point(ev) {
  const r = scroller.getBoundingClientRect();
  return { x: ev.clientX - r.left, y: ev.clientY - r.top };
}

// Selects element `e` (its box, if drawn) and shows it in the bar.
function select(e) {
  if (selected && boxes.get(selected)) boxes.get(selected).classList.remove("selected");
  selected = key(e);
  if (boxes.get(selected)) boxes.get(selected).classList.add("selected");
  info.textContent = describe(e);
}

// Sections that scroll sideways: the wheel's cross-axis delta over one of their items (and a drag
// along it when the grid does not sort) scrolls the section through /api/scrollSection. `pan` is
// the gesture: the section, the offset it started from (the state's) and the offset asked for,
// unsnapped, so that small steps add up past a `sectionPaging` stop; a wheel gesture ends after
// 200 ms without a wheel event, a drag at the release.
let pan = null, panQueued = false, panTimer = null;
function sidewaysOffset(e) {
  const found = e && e.kind === "item" && state && state.sideways.find(x => x.section === e.section);
  return found ? found.offset : null;
}
function panTo(section, offset) {
  if (pan.target === offset) return;
  pan.target = offset;
  if (panQueued) return;
  panQueued = true;
  request(() => { panQueued = false; return { path: "/api/scrollSection", body: { section, offset: pan ? pan.target : offset } }; });
}
content.addEventListener("wheel", ev => {
  const box = ev.target.closest(".el");
  const start = box ? sidewaysOffset(box.element) : null;
  if (start === null || drag) return;
  const vertical = state.direction === "vertical";
  // Shift turns a vertical wheel sideways where the browser does not already.
  const delta = vertical ? ev.deltaX || (ev.shiftKey ? ev.deltaY : 0) : ev.shiftKey ? 0 : ev.deltaY;
  if (!delta) return;
  ev.preventDefault();
  const unit = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? (vertical ? scroller.clientWidth : scroller.clientHeight) : 1;
  const section = box.element.section;
  if (!pan || pan.section !== section || pan.pointer) pan = { section, start, target: start, pointer: null };
  panTo(section, Math.max(0, pan.target + delta * unit));
  clearTimeout(panTimer);
  panTimer = setTimeout(() => { if (pan && !pan.pointer) pan = null; }, 200);
}, { passive: false });

content.addEventListener("mousedown", ev => {
  if (ev.button !== 0) return;
  const box = ev.target.closest(".el");
  if (!box) return;
  ev.preventDefault();
  const e = box.element;
  select(e);
  const start = sidewaysOffset(e);
  if (!(state && state.sort) && start !== null) {
    pan = { section: e.section, start, target: start, pointer: point(ev) };
    return;
  }
  if (!(state && state.sort && e.kind === "item") || drag) return;
  const d = { picked: null, last: null, moveQueued: false, what: describe(e) };
  drag = d;
  document.body.classList.add("grabbing");
  const p = point(ev);
  request(() => ({ path: "/api/drag", body: { phase: "begin", x: p.x, y: p.y } }), answer => {
    d.picked = answer ? answer.picked : null;
    if (!d.picked) info.textContent = d.what + "  (it cannot be moved)";
  });
});

document.addEventListener("mousemove", ev => {
  if (pan && pan.pointer) {
    const p = point(ev), vertical = state.direction === "vertical";
    panTo(pan.section, Math.max(0, pan.start - (vertical ? p.x - pan.pointer.x : p.y - pan.pointer.y)));
    return;
  }
  const d = drag;
  if (!d) return;
  d.last = point(ev);
  if (d.moveQueued) return;
  d.moveQueued = true;
  request(() => {
    d.moveQueued = false;
    return d.picked ? { path: "/api/drag", body: { phase: "move", x: d.last.x, y: d.last.y } } : null;
  });
});

// The drop: the last point, then endDrag. Without a point (the window lost the mouse) only endDrag.
function drop(p) {
  const d = drag;
  if (!d) return;
  drag = null;
  document.body.classList.remove("grabbing");
  request(() => d.picked && d.last && p ? { path: "/api/drag", body: { phase: "move", x: p.x, y: p.y } } : null);
  request(() => d.picked ? { path: "/api/drag", body: { phase: "end" } } : null, answer => {
    if (answer && answer.moved) {
      const m = answer.moved;
      info.textContent = `moved item ${m.from.section}.${m.from.item} to ${m.to.section}.${m.to.item}`;
    }
  });
}
document.addEventListener("mouseup", ev => { if (pan && pan.pointer) pan = null; drop(point(ev)); });
window.addEventListener("blur", () => { if (pan && pan.pointer) pan = null; drop(null); });

// With an item selected the arrows move the selection to the engine's neighbour in that direction
// (which the engine scrolls into view; at an edge it stays); else they scroll as usual. Each press
// starts from the selection when its request's turn comes, so held keys walk on.
const arrows = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };
function selectedItem() {
  const [kind, section, item] = (selected || "").split(":");
  return kind === "item" ? { section: Number(section), item: Number(item) } : null;
}
document.addEventListener("keydown", ev => {
  const direction = arrows[ev.key];
  // The editor's, the switcher's and the scrubber's own keys.
  if (ev.target.closest && ev.target.closest("#editor, #bar, #scrubber")) return;
  if (!direction || !selectedItem() || drag || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
  ev.preventDefault();
  request(() => {
    const from = selectedItem();
    return from ? { path: "/api/neighbor", body: { ...from, direction } } : null;
  }, answer => {
    const n = answer && answer.neighbor;
    const e = n && answer.elements.find(x => x.kind === "item" && x.section === n.section && x.item === n.item);
    if (e) select(e);
  });
});

// The playground: the script's text in an editor (Debian's CodeMirror, else a plain text area).
// Each edit, once typing pauses for `editDelay` ms, goes to /api/script; the server runs it in a
// fresh sandboxed Lua state and serves its grid, which the answer brings. A script that fails
// leaves the grid as it was: its error shows beneath the text, its line marked. The file is not
// written. A new grid that is not this page's edit (the file changed, another page's edit)
// brings its text.
const editorPane = document.getElementById("editor"), editorNote = document.getElementById("editor-note");
const editorHost = document.getElementById("editor-host"), editorError = document.getElementById("editor-error");
const editDelay = 300;
let editPending = false, editTimer = null, markedLine = null;
function makeEditor() {
  if (window.CodeMirror) {
    const cm = CodeMirror(editorHost, { mode: "lua", lineNumbers: true, indentUnit: 2, tabSize: 2 });
    cm.on("changes", (_, changes) => { if (changes.some(c => c.origin !== "setValue")) editChanged(); });
    return {
      kind: "codemirror", cm,
      get text() { return cm.getValue(); },
      set text(t) { cm.setValue(t); },
      set readOnly(r) { cm.setOption("readOnly", r); },
      mark(line) {
        if (markedLine !== null) cm.removeLineClass(markedLine, "background", "error-line");
        markedLine = (line === null ? null : cm.getLineHandle(line - 1)) || null;
        if (markedLine) cm.addLineClass(markedLine, "background", "error-line");
      },
      refresh() { cm.refresh(); },
    };
  }
  editorNote.textContent = "CodeMirror is not installed (Debian's libjs-codemirror): a plain text area";
  const area = document.createElement("textarea");
  area.spellcheck = false;
  area.addEventListener("input", editChanged);
  editorHost.appendChild(area);
  return {
    kind: "textarea",
    get text() { return area.value; },
    set text(t) { area.value = t; },
    set readOnly(r) { area.readOnly = r; },
    mark() {},
    refresh() {},
  };
}
const editor = makeEditor();
window.gridView.editor = editor;

function editChanged() {
  clearTimeout(editTimer);
  editTimer = setTimeout(sendEdit, editDelay);
}
function showEditError(message) {
  editorError.textContent = message || "";
  const line = message && /^[^\n]*?:(\d+): /.exec(message);
  editor.mark(line ? Number(line[1]) : null);
}
function sendEdit() {
  request(() => { editPending = true; return { path: "/api/script", body: { text: editor.text } }; }, (answer, error) => {
    editPending = false;
    showEditError(answer ? null : error);
  });
}
function loadSource() {
  request(() => ({ path: "/api/source", show: showSource }));
}
function showSource(source) {
  editor.text = source.text ?? "";
  editor.readOnly = source.text === null;
  editorNote.textContent = source.text === null ? "a script read from standard input cannot be edited" :
    editor.kind === "codemirror" ? "" : editorNote.textContent;
  showEditError(null);
}
document.getElementById("edit-toggle").addEventListener("click", () => {
  document.body.classList.toggle("editing");
  editor.refresh();
});
if (location.hash === "#edit") document.body.classList.add("editing");

// The layout switcher: the engine's layouts (the state's `layouts`), the grid's own chosen.
// Choosing one asks /api/layout: the engine's layout transition, played by the server's clock,
// the choice shown while it plays. A layout the grid's options cannot satisfy answers the
// engine's error, shown beside the switcher, and the choice goes back to the grid's layout. The
// script's text is left as it is: a new run of it (an edit, the file changed) has its own layout.
const layoutSelect = document.getElementById("layout"), layoutError = document.getElementById("layout-error");
let switchingTo = null;  // the layout of the transition playing, once the server took it
function showLayout(s) {
  const names = s.layouts.join(" ");
  if (layoutSelect.dataset.names !== names) {
    layoutSelect.replaceChildren(...s.layouts.map(n => new Option(n, n)));
    layoutSelect.dataset.names = names;
  }
  if (switchingTo && !s.animating) switchingTo = null;
  layoutSelect.value = switchingTo || s.layout;
}
layoutSelect.addEventListener("change", () => {
  const layout = layoutSelect.value;
  request(() => ({ path: "/api/layout", body: { layout }, own: true }), (answer, error) => {
    layoutError.textContent = answer ? "" : error;
    switchingTo = answer && answer.animating ? layout : null;
    if (state) showLayout(state);
  });
});

// The scrubber: a rail along the scroll axis over the scroll area's far edge, its thumb where the
// offset is (the fraction of the content's scrollable length). Pressing on it, and each move of
// a drag along it, jumps to that fraction: the scroll area to that offset (a whole point), which
// /api/viewport makes the engine's — one scrollTo, in a lazy grid a jump that lays out only where
// it lands, not a scroll through what lies between (at most one such request waits, for the
// pointer's latest place). Its label names the first item, in the data's order, that the
// viewport shows there. With the rail focused, Home, End, Page Up/Down and the arrows jump to 0,
// 1, ±10 % and ±1 %.
const scrubber = document.getElementById("scrubber"), scrubThumb = document.getElementById("scrub-thumb");
const scrubLabel = document.getElementById("scrub-label");
const railWidth = 12, railMargin = 2, thumbLength = 32;
let scrubTarget = null, scrubPointer = false, landedTimer = null;
function vertical() { return !state || state.direction === "vertical"; }
function scrollable(s) { return vertical() ? s.content.height - s.viewport.height : s.content.width - s.viewport.width; }
function offsetFraction(s) {
  const length = scrollable(s);
  return length > 0 ? Math.min(1, Math.max(0, (vertical() ? s.offset.y : s.offset.x) / length)) : 0;
}
// The first item of the state's elements (the data's order) that meets the viewport itself.
function landing(s) {
  const o = s.offset, v = s.viewport;
  const e = s.elements.find(e => e.kind === "item" && e.x < o.x + v.width && e.x + e.w > o.x && e.y < o.y + v.height && e.y + e.h > o.y);
  return e ? `section ${e.section} · item ${e.item}` : "no item here";
}
function placeScrubber() {
  const shown = !!state && scrollable(state) > 0;
  scrubber.classList.toggle("shown", shown);
  if (!shown) return;
  const r = scroller.getBoundingClientRect(), v = vertical();
  const length = (v ? scroller.clientHeight : scroller.clientWidth) - 2 * railMargin;
  Object.assign(scrubber.style, v
    ? { left: r.left + scroller.clientWidth - railWidth - railMargin + "px", top: r.top + railMargin + "px", width: railWidth + "px", height: length + "px" }
    : { left: r.left + railMargin + "px", top: r.top + scroller.clientHeight - railWidth - railMargin + "px", width: length + "px", height: railWidth + "px" });
  const f = scrubTarget ?? offsetFraction(state), at = f * Math.max(0, length - thumbLength);
  Object.assign(scrubThumb.style, v ? { left: "0", top: at + "px", width: "100%", height: thumbLength + "px" }
    : { top: "0", left: at + "px", height: "100%", width: thumbLength + "px" });
  Object.assign(scrubLabel.style, v ? { right: railWidth + 6 + "px", top: at + "px", left: "", bottom: "" }
    : { left: at + "px", bottom: railWidth + 6 + "px", top: "", right: "" });
  scrubLabel.textContent = landing(state);
  scrubber.setAttribute("aria-orientation", v ? "vertical" : "horizontal");
  scrubber.setAttribute("aria-valuenow", String(Math.round(f * 100)));
  scrubber.setAttribute("aria-valuetext", scrubLabel.textContent);
}
// Jumps to fraction f of the scrollable length; the label shows for a while after.
function scrubTo(f) {
  if (!state) return;
  scrubTarget = f;
  const at = Math.round(f * Math.max(0, scrollable(state)));
  scroller.scrollTo(vertical() ? { left: scroller.scrollLeft, top: at } : { left: at, top: scroller.scrollTop });
  sendViewport();
  request(() => null, () => {  // once the jump's answer is drawn, the thumb follows the offset again
    if (scrubTarget === f && !scrubPointer) scrubTarget = null;
    placeScrubber();
  });
  placeScrubber();
  scrubber.classList.add("landed");
  clearTimeout(landedTimer);
  landedTimer = setTimeout(() => scrubber.classList.remove("landed"), 1500);
}
function railFraction(ev) {
  const r = scrubber.getBoundingClientRect(), v = vertical();
  const at = (v ? ev.clientY - r.top : ev.clientX - r.left) - thumbLength / 2;
  return Math.min(1, Math.max(0, at / Math.max(1, (v ? r.height : r.width) - thumbLength)));
}
scrubber.addEventListener("mousedown", ev => {
  if (ev.button !== 0 || !state) return;
  ev.preventDefault();
  scrubber.focus();
  scrubPointer = true;
  scrubber.classList.add("scrubbing");
  scrubTo(railFraction(ev));
});
document.addEventListener("mousemove", ev => { if (scrubPointer) scrubTo(railFraction(ev)); });
document.addEventListener("mouseup", () => {
  if (!scrubPointer) return;
  scrubPointer = false;
  scrubber.classList.remove("scrubbing");
  request(() => null, () => { scrubTarget = null; placeScrubber(); });
});
const scrubKeys = { Home: () => 0, End: () => 1, PageUp: f => f - 0.1, PageDown: f => f + 0.1,
                    ArrowUp: f => f - 0.01, ArrowLeft: f => f - 0.01, ArrowDown: f => f + 0.01, ArrowRight: f => f + 0.01 };
scrubber.addEventListener("keydown", ev => {
  const step = scrubKeys[ev.key];
  if (!step || !state || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
  ev.preventDefault();
  scrubTo(Math.min(1, Math.max(0, step(scrubTarget ?? offsetFraction(state)))));
});

scroller.focus();  // the keys scroll it (arrows, Page Up/Down, Home, End, space)
// The engine's state first, so that the page opens at the engine's offset (a grid that starts at
// its end, or one a script scrolled), then the page's size at that offset.
request(() => ({ path: "/api/state" }), () => sendViewport());
