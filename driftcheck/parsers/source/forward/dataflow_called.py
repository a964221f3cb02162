"""The call-site hooks of ``Calls.call_expr`` (session 35, crashfix35): one registry.

``Calls.call_expr`` (``dataflow_call.py``) used to import and call a chain of rule modules one
after another, before and after each call in ``forward`` on real sizes. Each rule module now
registers its hooks itself, with a decorator and an order number:

- ``@before(order)``: ``hook(run, e, fv, args, kwargs, fr) -> None``, run before the call is
  evaluated (after its callee and arguments are);
- ``@after(order)``: ``hook(run, e, fv, args, kwargs, out, fr) -> Any``, run after it; a hook
  that returns something other than None replaces the call's result ``out`` for the hooks
  after it and for the caller.

Hooks run by increasing order number (unique per phase). The modules that hold hooks are
listed in ``MODULES`` and imported on the first use (the static path stays as lazy as
before); ``table()`` lists every hook in its run order: the one place to read the chain.
Only a pass with an input shape (``f.input_shape is not None``) runs them, as before.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

# the rule modules holding hooks (imported once, on the first call that runs hooks)
MODULES = (
    "dataflow_fix28b",
    "dataflow_fix30b",
    "dataflow_fix31",
    "dataflow_fix31b",
    "dataflow_fix32",
    "dataflow_fix33b",
    "dataflow_fix34",
    "dataflow_fix34b",
    "dataflow_fix34d",
    "dataflow_fix35",
    "dataflow_fix35b",
    "dataflow_fix35c",
    "dataflow_fix36_loader",
    "dataflow_fix36b",
    "dataflow_torchchecks",  # session 36: torch's argument checks, a table read from its source
    "dataflow_fix36b_data",
    "dataflow_fix36b_trace",
    "dataflow_fix36d",
    "dataflow_fix37c",  # session 37 (crashfix37): process group, SDPA backends, data loading
    "dataflow_fix37d",  # session 37 (crashfix37b)
    "dataflow_fix38a",  # session 38 (crashfix38a): module self-returns, fusion, hook regions
    "dataflow_fix38a_vmap",  # session 38 (crashfix38a): a vmapped function read as batched
    "dataflow_fix38a_numpy",  # session 38 (crashfix38a): numpy arrays handed to torch
    "dataflow_fix38a_jit",  # session 38 (crashfix38a): modules built in forward, jit.freeze
    "dataflow_fix38a_optim",  # session 38 (crashfix38a): optimizer steps after a backward
    "dataflow_fix38b",  # session 38 (crashfix38b): before-hooks 141-149 (ahead of _none_hook)
    "dataflow_fix39a",  # session 39 (crashgen39): plain objects, scaler values; after 210-219
    "dataflow_fix39b",  # session 39 (crashfix39b): entry argument checks; before 161-169
    "dataflow_fix40a",  # session 40 (crashfix40a): state_dict / BytesIO round trip; b187 a67
    "dataflow_fix40b",  # session 40 (crashfix40b): module modes, nested, fresh32 classes; b186/188/189 a260-266
)

_BEFORE: dict[int, Callable[..., Any]] = {}
_AFTER: dict[int, Callable[..., Any]] = {}
_ORDERED: dict[str, list[Callable[..., Any]]] = {}


def _register(table: dict[int, Callable[..., Any]], order: int) -> Callable[..., Any]:
    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        old = table.get(order)
        # the same function registered again (a module imported twice) is no collision; six
        # modules name theirs ``_after_hook``, so the module counts as well as the name
        if old is not None and (old.__module__, old.__qualname__) != (
            fn.__module__,
            fn.__qualname__,
        ):
            raise ValueError(f"call hook order {order} taken by {old.__module__}.{old.__name__}")
        table[order] = fn
        _ORDERED.clear()
        return fn

    return deco


def before(order: int) -> Callable[..., Any]:
    """Register ``hook(run, e, fv, args, kwargs, fr)``, run before a call."""
    return _register(_BEFORE, order)


def after(order: int) -> Callable[..., Any]:
    """Register ``hook(run, e, fv, args, kwargs, out, fr) -> new out or None``, run after a call."""
    return _register(_AFTER, order)


def _hooks(phase: str) -> list[Callable[..., Any]]:
    got = _ORDERED.get(phase)
    if got is None:
        for name in MODULES:
            importlib.import_module(f"driftcheck.parsers.source.forward.{name}")
        table = _BEFORE if phase == "before" else _AFTER
        got = _ORDERED[phase] = [table[k] for k in sorted(table)]
    return got


def run_before(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    for hook in _hooks("before"):
        hook(run, e, fv, args, kwargs, fr)


class _NoneResult:
    """What an after-hook returns to make the call's result Python's ``None`` (returning None
    itself keeps the result; session 37, crashfix37: ``get_worker_info()`` outside a worker)."""

    __slots__ = ()


NONE_RESULT = _NoneResult()


def run_after(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    for hook in _hooks("after"):
        got = hook(run, e, fv, args, kwargs, out, fr)
        if got is not None:
            out = None if got is NONE_RESULT else got
    return out


def table() -> list[str]:
    """Every hook, ``phase order module.function``, in its run order."""
    rows = []
    for phase in ("before", "after"):
        _hooks(phase)
        src = _BEFORE if phase == "before" else _AFTER
        for k in sorted(src):
            fn = src[k]
            rows.append(f"{phase} {k} {fn.__module__.rsplit('.', 1)[-1]}.{fn.__name__}")
    return rows
