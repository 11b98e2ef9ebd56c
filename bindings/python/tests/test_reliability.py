"""Issue 15 from Python: one Grid shared by threads, exceptions (KeyboardInterrupt included) from
every kind of callback, integers the C parameters cannot hold, Uniform sections that are never
expanded item by item, and a data source whose answers change during one reload."""

import _thread
import gc
import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
import weakref

import pytest

from gridlayout import Grid, GridError, GridTypeError, Uniform, _lib


@pytest.fixture(autouse=True)
def sigint_raises_keyboard_interrupt():
    """Python's own SIGINT handler for each test: a run started in the background (a shell's `&`)
    inherits SIGINT ignored, and Python then installs no handler, so Ctrl-C would do nothing."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def laid_out(**options):
    grid = Grid(width=320, height=300, lanes=3, spacing=10, **options)
    grid.set_sizes([(100, 120)] * 10)
    grid.reload()
    return grid


def assert_previous_layout(grid):
    assert grid.item_count(0) == 10
    assert grid.content_size() == (320, 510)
    assert grid.frame(0, 4) == (110, 130, 100, 120)


# ---- fault 3: one Grid, several threads ------------------------------------------------------


def test_threads_sharing_one_grid_get_exact_results():
    ids = list(range(120))
    moves = []

    def make():
        grid = Grid(width=320, height=300, lanes=3, spacing=10, animation_duration=0.25)
        grid.set_data_source(lambda s: len(ids), lambda s, i: (100, 120),
                             move=lambda s, i, ts, ti: (moves.append((i, ti)),
                                                        ids.insert(ti, ids.pop(i))))
        grid.reload()
        return grid

    grid = make()
    offsets = (0, 300, 600)
    expected_visible = {}
    for y in offsets:
        grid.scroll_to(0, y)
        expected_visible[y] = grid.visible()
    content = grid.content_size()
    frames = [grid.frame(0, i) for i in range(len(ids))]
    errors = []
    rounds = 150

    def worker(body):
        def run():
            try:
                for n in range(rounds):
                    body(n)
            except BaseException as e:  # reported by the main thread
                errors.append(e)
        return threading.Thread(target=run)

    def reloads(n):
        grid.reload()
        assert grid.content_size() == content

    def scrolls(n):
        y = offsets[n % 3]
        grid.scroll_to(0, y)
        assert grid.visible() in expected_visible.values()

    def queries(n):
        i = (n * 37) % len(ids)
        assert grid.frame(0, i) == frames[i]
        assert grid.index_path_at(frames[i].x + 1, frames[i].y + 1) == (0, i)

    def mutations(n):
        # Items 90 and 91 lie far below every viewport the other threads look at; all items
        # have one size, so a move changes no frame of the layout, only the data.
        before = list(ids)
        frm, to = (90, 91) if n % 2 == 0 else (91, 90)
        grid.move(0, frm, 0, to)
        before.insert(to, before.pop(frm))
        assert ids == before
        while grid.is_animating:
            grid.step(0.125)

    threads = [worker(f) for f in (reloads, scrolls, queries, mutations, scrolls, queries)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]
    assert len(moves) == rounds and ids == list(range(120))
    grid.close()


def test_callbacks_may_use_their_grid_while_other_threads_wait():
    # The lock is reentrant: a callback on the calling thread may query its grid; another
    # thread's call waits instead of meeting the callback inside the library (GL_EBUSY).
    grid = laid_out()
    inside = threading.Event()
    release = threading.Event()
    seen = []

    def size(s, i):
        if i == 0:
            seen.append(grid.item_count(0))     # the previous layout's count
            inside.set()
            release.wait(10)
        return (100, 120)

    grid.set_data_source(12, size)
    results = []
    reloading = threading.Thread(target=grid.reload)
    reloading.start()
    assert inside.wait(10)
    other = threading.Thread(target=lambda: results.append(grid.item_count(0)))
    other.start()
    other.join(0.2)
    assert other.is_alive()                     # waiting for the grid, not failing
    release.set()
    reloading.join()
    other.join()
    assert seen == [10] and results == [12]
    grid.close()


# ---- fault 8: exceptions from callbacks, KeyboardInterrupt included --------------------------


class Boom(BaseException):
    pass


CALLBACKS = {
    "count": dict(count="raise", size=lambda s, i: (100, 120)),
    "size": dict(count=12, size="raise"),
    "sizes": dict(count=12, sizes="raise"),
    "sections": dict(count=12, size=lambda s, i: (100, 120), sections="raise"),
    "header": dict(count=12, size=lambda s, i: (100, 120), header="raise"),
    "show_loader": dict(count=12, size=lambda s, i: (100, 120), show_loader="raise"),
    "same_size": dict(count=12, size=lambda s, i: (100, 120), same_size="raise"),
    "lanes": dict(count=12, size=lambda s, i: (100, 120), lanes="raise"),
}


@pytest.mark.parametrize("kind", [KeyboardInterrupt, SystemExit, Boom])
@pytest.mark.parametrize("callback", sorted(CALLBACKS))
def test_a_base_exception_in_a_data_source_callback_fails_the_reload(callback, kind, monkeypatch):
    unraisable = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    raised = kind("from " + callback)

    def boom(*args):
        raise raised

    with laid_out() as grid:
        source = {k: (boom if v == "raise" else v) for k, v in CALLBACKS[callback].items()}
        grid.set_data_source(**source)
        with pytest.raises(kind) as info:
            grid.reload()
        assert info.value is raised                 # exactly that exception
        assert_previous_layout(grid)                # the reload failed: no 0x0 frames
        assert not unraisable                       # nothing was dropped by ctypes
        grid.set_data_source(12, lambda s, i: (100, 120))
        grid.reload()                               # and the grid still works
        assert grid.item_count(0) == 12


@pytest.mark.parametrize("callback", ["insert", "remove", "move", "can_move",
                                      "can_move_to_section", "event"])
def test_a_keyboard_interrupt_in_a_mutation_drag_or_event_callback_is_raised(callback,
                                                                            monkeypatch):
    unraisable = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    raised = KeyboardInterrupt(callback)
    ids = [list(range(6)), list(range(6, 12))]

    def maybe(name, body):
        def run(*args):
            if name == callback:
                raise raised
            return body(*args)
        return run

    grid = Grid(width=210, height=400, lanes=2, spacing=10, animation_duration=0, sort=True)
    grid.set_data_source(
        lambda s: len(ids[s]), lambda s, i: (100, 50), sections=2,
        insert=maybe("insert", lambda s, i: ids[s].insert(i, -1)),
        remove=maybe("remove", lambda s, i: ids[s].pop(i)),
        move=maybe("move", lambda s, i, ts, ti: ids[ts].insert(ti, ids[s].pop(i))),
        can_move=maybe("can_move", lambda s, i: True),
        can_move_to_section=maybe("can_move_to_section", lambda s, t: True))
    grid.reload()
    before = [list(x) for x in ids]
    with pytest.raises(KeyboardInterrupt) as info:
        if callback == "insert":
            grid.insert(0, 0, animated=False)
        elif callback == "remove":
            grid.remove(0, 0, animated=False)
        elif callback == "move":
            grid.move(0, 0, 0, 3, animated=False)
        elif callback == "can_move":
            grid.begin_drag(50, 25)
        elif callback == "can_move_to_section":
            grid.begin_drag(50, 25)
            grid.drag_to(50, 250)
        else:
            grid.set_event_handler(maybe("event", lambda e: None))
            grid.resize(210, 100)               # items unload: events
    assert info.value is raised
    assert not unraisable
    if callback in ("insert", "remove", "move"):
        assert ids == before and grid.item_count(0) == 6   # the mutation did not happen
    grid.close()


def test_ctrl_c_at_any_moment_of_a_reload_is_raised_or_comes_after_it(monkeypatch):
    # SIGINT at random moments while reloads run Python callbacks. Python may raise the handler's
    # KeyboardInterrupt at the first instruction of a ctypes trampoline, where ctypes used to
    # drop it and return an undefined status to the library (a reload that "succeeded" with
    # items of size 0, or failed with a made-up status). Now every interrupt is raised: by the
    # reload, which then failed and kept the layout, or after a reload that completed.
    # The handler raises only while a reload runs (`armed`), so that the test's own lines and
    # pytest are never interrupted.
    unraisable = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    armed = [False]

    def handler(signum, frame):
        if armed[0]:
            raise KeyboardInterrupt

    grid = Grid(width=320, height=300, lanes=3, spacing=10)
    grid.set_data_source(lambda s: 300, lambda s, i: (100, 120))
    grid.reload()
    content, last = grid.content_size(), grid.frame(0, 299)
    stop = threading.Event()
    rng = random.Random(15)

    def interrupter():
        deadline = time.monotonic() + 60
        while not stop.is_set() and time.monotonic() < deadline:
            time.sleep(rng.uniform(0.0002, 0.002))
            _thread.interrupt_main()

    previous = signal.signal(signal.SIGINT, handler)
    thread = threading.Thread(target=interrupter, daemon=True)
    interrupted = completed = 0
    try:
        thread.start()
        for _ in range(400):
            try:
                armed[0] = True
                try:
                    grid.reload()
                    completed += 1
                finally:
                    armed[0] = False
            except KeyboardInterrupt:
                interrupted += 1
            assert grid.content_size() == content and grid.frame(0, 299) == last
    finally:
        armed[0] = False
        stop.set()
        thread.join()
        assert signal.getsignal(signal.SIGINT) is handler   # put back after each call
        signal.signal(signal.SIGINT, previous)
    assert not unraisable
    assert interrupted > 0 and interrupted + completed == 400
    grid.close()


def test_an_interrupt_during_a_call_is_taken_by_the_next_callback():
    # Deterministic: SIGINT arrives while a callback runs; its KeyboardInterrupt fails the reload.
    with laid_out() as grid:
        def size(s, i):
            if i == 5:
                signal.raise_signal(signal.SIGINT)
            return (100, 120)
        grid.set_data_source(12, size)
        with pytest.raises(KeyboardInterrupt):
            grid.reload()
        assert_previous_layout(grid)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_grid_error_with_an_unknown_status_from_a_callback_is_a_callback_error():
    with laid_out() as grid:
        def size(s, i):
            raise GridError(42, "made up")
        grid.set_data_source(3, size)
        with pytest.raises(GridError) as info:
            grid.reload()
        assert info.value.status == _lib.GL_ECALLBACK and "GL_E?" not in str(info.value)
        assert "'size' failed for item (section 0, item 0): GridError: made up" in str(info.value)
        assert repr(info.value.__cause__) == "GridError(gl_status 42, 'made up')"
    assert GridError(42, "x").name == "gl_status 42" and str(GridError(42, "x")) == "x"


# ---- fault 9: integers the C parameters cannot hold ------------------------------------------

INT64 = "int64: -9223372036854775808...9223372036854775807"
BIG = 2**64 + 1


@pytest.mark.parametrize("call, message", [
    (lambda g: g.frame(0, BIG), f"frame: item {BIG} is out of range ({INT64})"),
    (lambda g: g.frame(2**63, 0), f"frame: section {2**63} is out of range ({INT64})"),
    (lambda g: g.frame(0, -2**63 - 1), f"frame: item {-2**63 - 1} is out of range ({INT64})"),
    (lambda g: g.item_count(BIG), f"item_count: section {BIG} is out of range ({INT64})"),
    (lambda g: g.header_frame(BIG), f"header_frame: section {BIG} is out of range ({INT64})"),
    (lambda g: g.reload_section(BIG), f"reload_section: section {BIG} is out of range ({INT64})"),
    (lambda g: g.scroll_to_item(0, BIG), f"scroll_to_item: item {BIG} is out of range ({INT64})"),
    (lambda g: g.scroll_to_page(2**64), f"scroll_to_page: page {2**64} is out of range ({INT64})"),
    (lambda g: g.insert(0, BIG), f"insert: item {BIG} is out of range ({INT64})"),
    (lambda g: g.remove(BIG, 0), f"remove: section {BIG} is out of range ({INT64})"),
    (lambda g: g.move(0, 0, 0, BIG), f"move: to_item {BIG} is out of range ({INT64})"),
    (lambda g: g.move(0, 0, BIG, 0), f"move: to_section {BIG} is out of range ({INT64})"),
    (lambda g: g.data_index_path(0, BIG), f"data_index_path: item {BIG} is out of range ({INT64})"),
    (lambda g: g.attach_view(0, BIG, {}), f"attach_view: item {BIG} is out of range ({INT64})"),
    (lambda g: g.view_at(0, BIG), f"view_at: item {BIG} is out of range ({INT64})"),
    (lambda g: g.set_data_source(2**64 + 3, lambda s, i: (1, 1)),
     f"set_data_source: count {2**64 + 3} is out of range ({INT64})"),
    (lambda g: g.set_data_source(3, lambda s, i: (1, 1), sections=2**64),
     f"set_data_source: sections {2**64} is out of range ({INT64})"),
    (lambda g: g.set_data_source(3, lambda s, i: (1, 1), lanes=2**32 + 2),
     f"set_data_source: lanes {2**32 + 2} is out of range (int32: -2147483648...2147483647)"),
    (lambda g: g.set_sizes([(1, 1)], lanes=2**32 + 2),
     f"set_sections: lanes[0] {2**32 + 2} is out of range (int32: -2147483648...2147483647)"),
    (lambda g: Uniform((1, 1), 2**64),
     f"Uniform: count {2**64} is out of range (size_t: 0...18446744073709551615)"),
    (lambda g: g.configure(lanes=2**53 + 1),
     f"option 'lanes': {2**53 + 1} is out of range (no double holds it exactly)"),
    (lambda g: g.configure(width=10**400), f"option 'width': {10**400} is out of range (a double)"),
    (lambda g: g.scroll_to(0, 10**400), f"scroll_to: y {10**400} is out of range (a double)"),
    (lambda g: g.set_sizes([(1, 1)], header=(0, 10**400)),
     f"header of section 0: h {10**400} is out of range (a double)"),
])
def test_integers_out_of_range_raise_naming_the_parameter(call, message):
    with laid_out() as grid:
        grid.scroll_to(0, 100)
        with pytest.raises(OverflowError) as info:
            call(grid)
        assert str(info.value) == message
        grid.reload()
        assert_previous_layout(grid)
        assert grid.offset() == (0, 100) and grid.config["lanes"] == 3


@pytest.mark.parametrize("call, message", [
    (lambda g: g.frame(0, 1.5), "frame: item must be an integer, not float 1.5"),
    (lambda g: g.frame("0", 1), "frame: section must be an integer, not str '0'"),
    (lambda g: g.scroll_to_page(1.0), "scroll_to_page: page must be an integer, not float 1.0"),
    (lambda g: g.move(0, 0, None, 1), "move: to_section must be an integer, not NoneType None"),
    (lambda g: g.scroll_to("a", 0), "scroll_to: x must be a number, not str 'a'"),
    (lambda g: g.step(None), "step: dt must be a number, not NoneType None"),
    (lambda g: g.index_path_at(1, "2"), "index_path_at: y must be a number, not str '2'"),
    (lambda g: g.set_sizes([(1, 1)], lanes=2.5),
     "set_sections: lanes[0] must be an integer, not float 2.5"),
    (lambda g: g.scroll_to_item(0, 1, align=None),
     None),
])
def test_wrong_types_raise_naming_the_parameter(call, message):
    with laid_out() as grid:
        with pytest.raises((TypeError, GridError)) as info:
            call(grid)
        if message is None:
            assert info.value.status == _lib.GL_EINVAL
        else:
            # A TypeError that is also a GridError (GL_EINVAL), naming the parameter.
            assert type(info.value) is GridTypeError and isinstance(info.value, TypeError)
            assert (info.value.status, info.value.message) == (_lib.GL_EINVAL, message)
        assert_previous_layout(grid)


@pytest.mark.parametrize("source, message", [
    (dict(count=lambda s: 2**64 + 3, size=lambda s, i: (1, 1)),
     f"OverflowError: count(0) returned {2**64 + 3}, which is out of range ({INT64})"),
    (dict(count=lambda s: 1.5, size=lambda s, i: (1, 1)),
     "TypeError: count(0) returned float 1.5, expected an integer"),
    (dict(count=3, size=lambda s, i: (1, 1), sections=lambda: 2**64),
     f"OverflowError: sections() returned {2**64}, which is out of range ({INT64})"),
    (dict(count=3, size=lambda s, i: (1, 1), lanes=lambda s: 2**32 + 2),
     f"OverflowError: lanes(0) returned {2**32 + 2}, which is out of range "
     f"(int32: -2147483648...2147483647)"),
    (dict(count=3, size=lambda s, i: (1, 10**400)),
     f"OverflowError: size(0, 0): h {10**400} is out of range (a double)"),
    (dict(count=3, size=lambda s, i: ("a", 1)),
     "TypeError: size(0, 0): w must be a number, not str 'a'"),
])
def test_integers_out_of_range_from_callbacks_fail_the_reload(source, message):
    with laid_out() as grid:
        grid.set_data_source(**source)
        with pytest.raises(GridError) as info:
            grid.reload()
        assert info.value.status == _lib.GL_ECALLBACK
        assert info.value.message.endswith(message), info.value.message
        assert_previous_layout(grid)


# ---- fault 15: Uniform sections go to the library as a count and one size --------------------


@pytest.mark.parametrize("count", [10**8 + 1, 2**40, 2**64 - 1])
def test_a_uniform_section_past_the_stored_limit_is_the_library_error_at_once(count):
    with laid_out() as grid:
        started = time.monotonic()
        with pytest.raises(GridError) as info:
            grid.set_sections([Uniform((1, 1), count)])
        # A generous bound: the section used to be expanded item by item (41 s for 10**8 + 1).
        assert time.monotonic() - started < 20
        assert info.value.status == _lib.GL_ENOMEM
        assert info.value.message == (f"section 0: {count} items make more than the engine's "
                                      f"100000000 stored items (GL_SAME_SIZE stores none)")
        grid.reload()
        assert_previous_layout(grid)
        if count > 2**53:
            with pytest.raises(GridError) as info:
                grid.set_sections([Uniform((1, 1), count)], same_size=True)
            assert info.value.message == (f"section 0: {count} items is more than the engine's "
                                          f"9007199254740992")
            return
        # The analytic path stores nothing; what limits it is the content's extent (2**40 points),
        # checked when the reload lays the section out: 3 lanes of rows 1 high, 10 apart.
        grid.set_sections([Uniform((1, 1), count)], same_size=True)
        rows = -(-count // 3)
        end = rows + (rows - 1) * 10
        if end <= 2**40:
            grid.reload()
            assert grid.item_count(0) == count
        else:
            with pytest.raises(GridError) as info:
                grid.reload()
            assert (info.value.status, info.value.message) == (
                _lib.GL_EDATA, f"section 0 would end at {end}, past the largest content extent "
                               f"of 1099511627776 points (2^40, where frames stay exact to 1/4096 point)")
            assert_previous_layout(grid)


def test_uniform_sections_lay_out_as_their_expanded_sizes():
    sections = [Uniform((100, 120), 7), [(50, 60), (70, 80)], Uniform((30, 30), 0)]
    expanded = [[(100, 120)] * 7, [(50, 60), (70, 80)], []]
    options = dict(headers=[(0, 30), None, (0, 10)], lanes=[None, 2, None], show_loader=True)
    with laid_out() as grid, laid_out() as reference:
        grid.set_sections(sections, **options)
        reference.set_sections(expanded, **options)
        grid.reload()
        reference.reload()
        assert grid.content_size() == reference.content_size()
        for s, n in enumerate((7, 2, 0)):
            assert grid.item_count(s) == n
            assert [grid.frame(s, i) for i in range(n)] == [reference.frame(s, i) for i in range(n)]
        assert grid.frame(0, 6) == (0, 300, 100, 120)     # row 2, below the header (30 + 10)
        with pytest.raises(GridError) as info:
            grid.set_sections([Uniform((float("nan"), 1), 5)])
        assert info.value.status == _lib.GL_EDATA and "item (section 0, item 0)" in info.value.message
        assert grid.item_count(0) == 7


# ---- fault 1 from Python: answers that change during one reload -------------------------------

SHRINKING = textwrap.dedent("""
    from gridlayout import Grid, GridError
    grid = Grid(width=320, height=300, lanes=3, spacing=10)
    grid.set_sizes([(100, 120)] * 10)
    grid.reload()
    data = [(10, 10)] * 5
    answers = []

    def count(s):
        answers.append(len(data))
        n = len(data)
        data.clear()                # the list shrinks right after the count is answered
        return n

    grid.set_data_source(count, sizes=lambda s: list(data), same_size=True)
    try:
        grid.reload()
        print("reloaded", grid.item_count(0), answers)
    except GridError as e:
        print(e.name, grid.item_count(0), grid.content_size())
        print(e.message)
""")


def test_a_list_that_shrinks_during_one_reload_is_a_catchable_error():
    # In a child process: before the engine's fix the reload ends the process (SIGILL).
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    result = subprocess.run([sys.executable, "-c", SHRINKING], cwd=package, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    first, message = result.stdout.splitlines()[:2]
    # The engine asks the count once; the Python layer finds the sizes disagree with it, names
    # both answers, and the previous layout stays whole.
    assert first == "GL_ECALLBACK 10 Size(w=320.0, h=510.0)"
    assert message == "data source 'size' failed for item (section 0, item 0): ValueError: sizes(0) gave 0 sizes, count(0) is 5"


# ---- fault 14: the reuse pool is bounded, and Python lets go of what it releases --------------


class View:
    """A view the app made (weakly referable, so a test sees when nothing holds it)."""


def scroll_through(grid, attach, steps=120):
    """Scrolls a 3000-item grid down a viewport at a time, checking after each call that the grid
    holds exactly its attached and queued views, at most max_pooled_views of them queued."""
    limit = grid.config["max_pooled_views"]
    for k in range(steps):
        grid.scroll_to(0, k * 300)
        attach()
        stats = grid.stats()
        assert stats.queued <= limit
        assert len(grid._views) == stats.live + stats.queued


@pytest.mark.parametrize("limit", [None, 0, 7])
def test_a_view_callback_that_never_dequeues_keeps_the_views_bounded(limit):
    made, released = [], []
    with laid_out() as grid:
        if limit is not None:
            grid.configure(max_pooled_views=limit)
        grid.set_sizes([(100, 120)] * 3000)
        grid.reload()

        def handler(event):
            if event.kind == "loaded" and event.element.kind == "item":
                view = View()              # never dequeue(): a new view every time
                made.append(weakref.ref(view))
                grid.attach_view(event.element.section, event.element.item, view)
            elif event.kind == "view_released":
                assert isinstance(event.view, View) and id(event.view) not in grid._views
                released.append(weakref.ref(event.view))
        grid.set_event_handler(handler)
        scroll_through(grid, lambda: None)
        assert len(made) > 800 and len(released) == len(made) - len(grid._views) > 500
        gc.collect()
        assert all(r() is None for r in released)                 # nothing holds them
        assert sum(r() is not None for r in made) == len(grid._views)


def test_released_views_are_dropped_without_an_event_handler():
    made = []
    with laid_out() as grid:
        grid.configure(max_pooled_views=5)
        grid.set_sizes([(100, 120)] * 3000)
        grid.reload()

        def attach():
            for e in grid.visible():
                if e.kind == "item" and grid.view_at(e.section, e.item) is None:
                    view = View()
                    made.append(weakref.ref(view))
                    grid.attach_view(e.section, e.item, view)
        scroll_through(grid, attach)
        gc.collect()
        alive = [r for r in made if r() is not None]
        assert len(made) > 800 and len(alive) == len(grid._views) <= grid.stats().live + 5
