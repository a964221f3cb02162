"""``asyncio``: sizes returned by coroutines (session 31, issue #17): a serving stack's loader
``async def fetch_dims(): ... return {...}``, run with ``asyncio.run(load())``, the coroutines
combined with ``await`` and ``asyncio.gather``.

Calling an ``async def`` function of the analyzed code runs nothing: it makes a ``Coroutine``
(interp/objmodel.py ``call_func``) holding the function and its arguments, as CPython does.
Its body runs when it is awaited (``await c``: exprs.py), run by ``asyncio.run(c)``, or
gathered; each coroutine runs at most once (a second ``await`` of one raises RuntimeError in
CPython: unknown here). A coroutine never awaited never runs its body.

``asyncio.gather(*aws)`` runs its coroutines one after the other, in order, and gives the list
of their results. CPython interleaves them at every suspension (``await asyncio.sleep(0)``),
so the order is exact only where the bodies do not touch shared state: a gather of more than
one coroutine whose function may write anything but its own local names (``global`` /
``nonlocal``, a store into an attribute or an item, a mutating method call) is unknown. ``asyncio.sleep(d,
result=None)`` is an awaitable giving ``result``. A coroutine whose body has an ``async for``
/ ``async with`` / async comprehension is unknown, as are tasks, events and futures."""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Unknown, plain

AIO = Group("asyncio")


class Awaitable:
    """Something ``await`` gives a value for: ``result()`` (the value, or Unknown)."""

    def result(self) -> Any:  # pragma: no cover - overridden
        return Unknown("an awaitable")

    def attr(self, name: str) -> Any:
        return Unknown(f"{type(self).__name__.lower()}.{name}")


class Coroutine(Awaitable):
    """A call of an ``async def`` function of the analyzed code, not run yet."""

    def __init__(self, calls: Any, f: Any, args: list[Any], kwargs: dict[str, Any]) -> None:
        self.calls, self.f, self.args, self.kwargs = calls, f, args, kwargs
        self.ran = False

    @property
    def writes_outside(self) -> bool:
        return _writes_outside(self.f.node)

    def result(self) -> Any:
        if self.ran:
            return Unknown(f"coroutine {self.f.name} awaited twice (RuntimeError in CPython)")
        self.ran = True
        why = _async_statement(self.f.node)
        if why is not None:
            return Unknown(f"coroutine {self.f.name}: {why} (not modelled)")
        return self.calls.call_func(self.f, self.args, self.kwargs, run_async=True)


class Ready(Awaitable):
    """An awaitable whose value is known when it is made (``asyncio.sleep(0, result=x)``)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def result(self) -> Any:
        return self.value


class Gathered(Awaitable):
    """``asyncio.gather(*aws)``: the list of the awaitables' results, run in order."""

    def __init__(self, items: list[Awaitable], where: str) -> None:
        self.items, self.where = items, where

    def result(self) -> Any:
        coros = [a for a in self.items if isinstance(a, Coroutine)]
        if len(coros) > 1 and any(c.writes_outside for c in coros):
            return Unknown(
                f"asyncio.gather() at {self.where} of coroutines that write shared state "
                "(CPython interleaves them)"
            )
        return [a.result() for a in self.items]


def awaited(v: Any, where: str) -> Any:
    """The value of ``await v``."""
    raw = plain(v)
    if isinstance(raw, Awaitable):
        return raw.result()
    return Unknown(f"await of a value we do not model at {where}")


def _async_statement(node: ast.AST) -> str | None:
    """An ``async for`` / ``async with`` / async comprehension in the function's own body: the
    statement runner does not follow them (an ``async for`` read as no loop at all gave a
    confident wrong sum)."""
    for n in ast.walk(node):
        if isinstance(n, ast.AsyncFor):
            return f"async for at line {n.lineno}"
        if isinstance(n, ast.AsyncWith):
            return f"async with at line {n.lineno}"
        if isinstance(n, ast.comprehension) and n.is_async:
            return "an async comprehension"
    return None


_MUTATORS = frozenset(
    "update append extend insert pop popitem setdefault clear remove add discard sort reverse "
    "__setitem__ __delitem__ __setattr__".split()
)


def _writes_outside(node: ast.AST) -> bool:
    """The function may write something that is not its own local name: ``global`` /
    ``nonlocal``, a store into an attribute or an item, a call of a mutating method (on any
    object: a local one is counted too, erring towards unknown), ``setattr``."""
    for n in ast.walk(node):
        if isinstance(n, (ast.Global, ast.Nonlocal)):
            return True
        if isinstance(n, (ast.Attribute, ast.Subscript)) and not isinstance(n.ctx, ast.Load):
            return True
        if isinstance(n, ast.Call):
            fn = n.func
            if isinstance(fn, ast.Attribute) and fn.attr in _MUTATORS:
                return True
            if isinstance(fn, ast.Name) and fn.id in ("setattr", "delattr", "exec"):
                return True
    return False


@AIO.entry("run", doc="run(coro): the coroutine's result (its body run when it is called)")
def _run(c: Call) -> Any:
    coro = plain(c.arg(0, "main"))
    if not isinstance(coro, Coroutine) or len(c.args) > 1 or set(c.kwargs) - {"main", "debug"}:
        return c.unknown("asyncio.run() of something not a coroutine of the code")
    return coro.result()


@AIO.entry(
    "gather",
    doc="gather(*aws): an awaitable of the list of their results (run in order; unknown for "
    "several coroutines writing shared state)",
)
def _gather(c: Call) -> Any:
    items = [plain(a) for a in c.args]
    if set(c.kwargs) - {"return_exceptions"} or not all(isinstance(a, Awaitable) for a in items):
        return c.unknown("asyncio.gather() of values we do not model")
    return Gathered(items, c.where)


@AIO.entry("sleep", doc="sleep(delay, result=None): an awaitable giving result")
def _sleep(c: Call) -> Any:
    if len(c.args) > 2 or set(c.kwargs) - {"delay", "result"}:
        return c.unknown("asyncio.sleep() with arguments we do not model")
    return Ready(c.arg(1, "result"))
