"""SIGINT (Ctrl-C) deferred while the main thread is inside a library call, so that its
KeyboardInterrupt is raised where the binding catches it: in a callback's trampoline, or by the
call once the library has returned. One instance serves every grid: signal handlers are per process.
"""

from __future__ import annotations

import signal
import threading
from typing import Any, Optional, Tuple


class _Interrupts:
    """SIGINT (Ctrl-C) while the main thread is inside a library call.

    Python raises a signal handler's exception at whatever bytecode runs next. Inside a callback
    trampoline that may be before its `try` (its first instruction) or after it; ctypes then
    prints the exception, drops it, and hands the library an undefined status (often GL_OK, so a
    reload "succeeded" with items of size 0). So while a library call of the main thread runs,
    SIGINT's Python handler only records the signal; a trampoline runs the real handler inside
    its `try` when its callback ends (the KeyboardInterrupt then fails the call like any callback
    exception, and the call raises it), and the call runs it once the library has returned when
    no callback did. Only the main thread runs Python signal handlers, so only its calls defer."""

    def __init__(self) -> None:
        self.depth = 0                                  # nested deferring calls (main thread)
        self.handler: Any = None                        # SIGINT's handler outside them
        self.pending: Optional[Tuple[int, Any]] = None  # a deferred SIGINT: (signum, frame)
        self.main = threading.main_thread().ident

    def _record(self, signum: int, frame: Any) -> None:
        self.pending = (signum, frame)

    def begin(self) -> bool:
        """Defers SIGINT for a call; False (nothing to undo) off the main thread or when SIGINT
        has no Python handler (ignored, or the C default)."""
        if threading.get_ident() != self.main:
            return False
        if self.depth == 0:
            handler = signal.getsignal(signal.SIGINT)
            if not callable(handler):
                return False
            try:
                signal.signal(signal.SIGINT, self._record)
            except ValueError:  # not the main interpreter
                return False
            self.handler = handler
        self.depth += 1
        return True

    def deliver(self) -> None:
        """Runs the handler of a deferred SIGINT here (on the main thread), where its exception
        is caught."""
        if self.pending is not None and threading.get_ident() == self.main:
            signum, frame = self.pending
            self.pending = None
            self.handler(signum, frame)

    def end(self) -> None:
        """Ends a deferring call: the outermost puts SIGINT's handler back and runs it for a
        signal no callback took."""
        self.depth -= 1
        if self.depth == 0:
            handler, self.handler = self.handler, None
            signal.signal(signal.SIGINT, handler)
            if self.pending is not None:
                signum, frame = self.pending
                self.pending = None
                handler(signum, frame)


_interrupts = _Interrupts()
