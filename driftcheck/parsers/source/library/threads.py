"""``threading``: a worker thread run to its end, and ``threading.local()`` namespaces, as
CPython gives them to code whose threads are started and joined (session 32, fresh28's
``thread_local_config``: a width set on a ``threading.local()`` in the main thread, another
written by a worker thread, which the main thread never sees).

- ``threading.local()``: an object whose attributes are per thread. Here a namespace (as
  ``SimpleNamespace()``) holding the main thread's attributes; while a thread's target runs,
  every such object shows that thread's own (empty at its start) and the main thread's come
  back after. A subclass of ``local`` (its ``__init__`` runs again in each thread) is not
  modelled (it stays the class read as before: unknown).
- ``threading.Thread(target=f, args=(...), kwargs={...})``: ``start()`` runs
  ``f(*args, **kwargs)`` to its end in a new thread: its own ``threading.local()`` state, an
  empty ``contextvars`` context (CPython starts a thread with a new, empty context), and an
  exception it raises stays in the thread (CPython prints it; the starter goes on). ``join()``
  returns; ``run()`` calls the target in the calling thread. A second ``start()`` raises
  RuntimeError in CPython: unknown here. A thread with no target, another group / keyword,
  or a subclass of ``Thread`` is not modelled (unknown).

The target runs when ``start()`` is called: code that reads what the thread wrote before
``join()`` races in CPython (either answer); code that joins first sees what is modelled.
"""

from __future__ import annotations

from typing import Any, ClassVar

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Cls, Config, Obj, Unknown, plain

TH = Group("threading")


def _locals(interp: Any) -> list[Config]:
    """The ``threading.local()`` namespaces this analysis made (one analysis, one list)."""
    got = getattr(interp, "thread_locals", None)
    if got is None:
        got = interp.thread_locals = []
    return got


@TH.entry(
    "local",
    doc="local(): a namespace whose attributes are per thread (a Thread's target sees its own, "
    "empty at its start)",
)
def _local(c: Call) -> Any:
    if c.args or c.kwargs:
        return c.unknown("threading.local() with arguments")
    ns = Config(fields={}, origin=str(c.loc[0]) if c.loc else None)
    _locals(c.interp).append(ns)
    return ns


class Thread:
    """One ``threading.Thread(target=...)``: its target and arguments, and whether it ran."""

    library_type: ClassVar[str] = "threading.Thread"
    library_mutable: ClassVar[bool] = True  # ``t.start()`` at module level (modglobals)

    def __init__(self, interp: Any, target: Any, args: Any, kwargs: Any, loc: tuple) -> None:
        self.interp, self.target, self.args, self.kwargs, self.loc = (
            interp,
            target,
            args,
            kwargs,
            loc,
        )
        self.started = False

    def attr(self, name: str) -> Any:
        if name == "start":
            return BuiltinMethod(lambda a, k: self.start() if not a and not k else Unknown(name))
        if name == "join":
            return BuiltinMethod(lambda a, k: self.join(a, k))
        if name == "run":
            return BuiltinMethod(lambda a, k: self.run() if not a and not k else Unknown(name))
        return Unknown(f"threading.Thread attribute {name}")

    def _arguments(self) -> tuple[list, dict] | None:
        args = self.interp.items.iterate(self.args) if self.args is not None else []
        kw = plain(self.kwargs) if self.kwargs is not None else {}
        if args is None or not isinstance(kw, dict) or not all(isinstance(x, str) for x in kw):
            return None
        return list(args), dict(kw)

    def run(self) -> Any:
        got = self._arguments()
        if got is None:
            return Unknown("threading.Thread.run() of arguments we cannot read")
        self.interp.calls.call(self.target, got[0], got[1], self.loc)
        return None

    def start(self) -> Any:
        if self.started:
            return _runtime_error(self.interp, "threads can only be started once")
        self.started = True
        got = self._arguments()
        if got is None:
            return Unknown("threading.Thread.start() of arguments we cannot read")
        return in_thread(self.interp, self.target, got[0], got[1], self.loc)

    def join(self, a: list, k: dict) -> Any:
        if len(a) > 1 or set(k) - {"timeout"}:
            return Unknown("threading.Thread.join() with these arguments")
        if not self.started:
            return _runtime_error(self.interp, "cannot join thread before it is started")
        return None


def _runtime_error(interp: Any, why: str) -> Any:
    """CPython's ``RuntimeError`` from Thread's own checks: raised here on a decided path,
    unknown under an undecided condition."""
    from driftcheck.parsers.source.interp.statements import Raised

    if not interp.uncertain:
        raise Raised("RuntimeError", None, None)
    return Unknown(why)


def in_thread(interp: Any, fn: Any, args: list, kwargs: dict, loc: tuple) -> None:
    """``fn(*args, **kwargs)`` run to its end as a new thread runs it: every
    ``threading.local()`` shows the thread's own attributes (none at its start), the
    ``contextvars`` context is a new empty one, and an exception ends the thread only."""
    from driftcheck.parsers.source.interp.statements import Raised
    from driftcheck.parsers.source.library.ctxvars import Context

    spaces = list(_locals(interp))
    outer = [ns.fields for ns in spaces]
    for ns in spaces:
        ns.fields = {}  # the new thread's own attributes
    try:
        Context(interp, {}).run([fn, *args], kwargs)  # library/ctxvars.py
    except Raised:
        pass  # the exception ends the thread, not its starter
    finally:
        for ns, fields in zip(spaces, outer):
            ns.fields = fields
        for ns in _locals(interp)[len(spaces) :]:
            ns.fields = {}  # made in the thread: the main thread has set nothing on it
    return None


# ---------------------------------------------------------------- subclasses of Thread
BASE = "threading.Thread"
_STARTED = "_dc_thread_started"  # on an instance: its start() ran (a second one raises)


def is_thread(obj: Any) -> bool:
    """An instance (not a module) of a class read from source deriving from Thread."""
    cls = getattr(obj, "cls", None)
    if obj.__class__ is not Obj or obj.module or not isinstance(cls, Cls):
        return False
    return any(getattr(c, "qual", None) == BASE for c in cls.mro())


def subclass_init(obj: Obj, args: list, kwargs: dict) -> None:
    """``Thread.__init__`` on a subclass's instance: the target and its arguments under the
    names CPython stores them (``self._target``, ``self._args``, ``self._kwargs``); other
    arguments: the target unknown."""
    names = ("group", "target", "name", "args", "kwargs")
    given = dict(zip(names, args))
    if (
        len(args) > len(names)
        or set(kwargs) - _THREAD_KEYWORDS - {"group"}
        or set(given) & set(kwargs)
    ):
        obj.attrs["_target"] = Unknown("Thread.__init__() with arguments we do not model")
        return
    given.update(kwargs)
    obj.attrs["_target"] = given.get("target")
    obj.attrs["_args"] = given.get("args", ())
    obj.attrs["_kwargs"] = given.get("kwargs") if plain(given.get("kwargs")) is not None else {}


def subclass_method(interp: Any, obj: Obj, name: str) -> Any:
    """Thread's own ``start`` / ``run`` / ``join`` / ``__init__`` for a subclass's instance
    (``super().start()`` or a method the subclass leaves); None for anything else."""
    if name == "__init__":
        return BuiltinMethod(lambda a, k: subclass_init(obj, a, k))
    if name == "join":
        return BuiltinMethod(
            lambda a, k: (
                None
                if obj.attrs.get(_STARTED)
                else _runtime_error(interp, "cannot join thread before it is started")
            )
        )
    if name == "run":
        return BuiltinMethod(lambda a, k: _subclass_run(interp, obj) if not a and not k else None)
    if name == "start":
        return BuiltinMethod(lambda a, k: _subclass_start(interp, obj) if not a and not k else None)
    return None


def _subclass_run(interp: Any, obj: Obj) -> Any:
    """``Thread.run``: the target called with its arguments when there is one."""
    target = obj.attrs.get("_target", Unknown("a Thread whose __init__ did not run"))
    if plain(target) is None:
        return None
    args = interp.items.iterate(obj.attrs.get("_args", ()))
    kw = plain(obj.attrs.get("_kwargs", {}))
    if isinstance(plain(target), Unknown) or args is None or not isinstance(kw, dict):
        return Unknown("Thread.run() of a target we cannot read")
    interp.calls.call(target, list(args), dict(kw), None)
    return None


def _subclass_start(interp: Any, obj: Obj) -> Any:
    """``Thread.start``: the instance's ``run`` (its class's own, else Thread's) in a new
    thread."""
    if obj.attrs.get(_STARTED):
        return _runtime_error(interp, "threads can only be started once")
    if "_target" not in obj.attrs:
        return _runtime_error(interp, "thread.__init__() not called")
    obj.attrs[_STARTED] = True
    run = interp.attrs.getattr(obj, "run")
    return in_thread(interp, run, [], {}, None)


_THREAD_KEYWORDS = frozenset(("target", "args", "kwargs", "name", "daemon"))


@TH.entry(
    "Thread",
    doc="Thread(target=f, args=, kwargs=): start() runs f to its end in a new thread (its own "
    "threading.local() attributes, an empty contextvars context); join() returns",
)
def _thread(c: Call) -> Any:
    # ``Thread(group=None, target=None, name=None, args=(), kwargs=None, *, daemon=None)``
    names = ("group", "target", "name", "args", "kwargs")
    if len(c.args) > len(names) or set(c.kwargs) - _THREAD_KEYWORDS - {"group"}:
        return c.unknown("threading.Thread() with arguments we do not model")
    given = dict(zip(names, c.args))
    if set(given) & set(c.kwargs):
        return c.unknown("threading.Thread() given an argument twice (TypeError)")
    given.update(c.kwargs)
    if plain(given.get("group")) is not None or plain(given.get("target")) is None:
        return c.unknown("threading.Thread() without a target (or with a group)")
    return Thread(c.interp, given["target"], given.get("args"), given.get("kwargs"), c.loc)
