"""Import-time code reads a module global as it is at that line, not as the import leaves it.

A module global is read lazily: its first binding is evaluated when some code reads the name,
and the top-level statements after it that rebind it (``a += 5``, ``a = 7``, a ``:=`` in a
later statement) are replayed then (interp/modglobals.py ``fill``), so a read gets the value
the module holds once imported. That is right for code run after the import (a model built
from the module), and wrong for code that ran DURING the import, between two bindings::

    a = 3
    B = a * 2      # 6: ``a`` is 3 here
    a += 5
    class M(nn.Module): ...  nn.Linear(B, a)   # (6, 8)

Read lazily, ``B``'s first binding saw ``a`` as 8 (B = 16: a confident wrong count). Here
``fill`` records each global's values in source order (the line each binding was made at),
and while the interpreter runs a top-level statement of a module (a first binding, a
replayed statement: ``enter`` / ``leave``), a read of one of that module's globals returns
its value at that line (the last binding made above it). Functions called from that
statement read the module's globals at that line too, as Python runs them then. Outside
import-time code (a model built afterwards) nothing changes: the last binding.
"""

from __future__ import annotations

from typing import Any

_LINE = "_dc_import_line"  # on the interpreter: id(module) -> the top-level line running now
_HISTORY = "_dc_global_history"  # (id(module), name) -> [(line, value)] in source order
_IN_ORDER = "_dc_in_order_line"  # id(module) -> the line a caller running its body in order is at
_SETTLED = "_dc_settled"  # id(value) -> value: a global whose every import-time use runs in order


def enter(interp: Any, mod: Any, line: int) -> int | None:
    """Mark ``mod``'s top-level statement at ``line`` as running; the previous mark back."""
    lines = interp.__dict__.get(_LINE)
    if lines is None:
        lines = interp.__dict__[_LINE] = {}
    old = lines.get(id(mod))
    lines[id(mod)] = line
    return old


def leave(interp: Any, mod: Any, old: int | None) -> None:
    """Restore the mark ``enter`` replaced."""
    lines = interp.__dict__[_LINE]
    if old is None:
        lines.pop(id(mod), None)
    else:
        lines[id(mod)] = old


def run_in_order(interp: Any, mod: Any, line: int, end: int) -> None:
    """The caller runs ``mod``'s top-level statements itself, in source order, and is at the
    statement starting at ``line`` (analyze.module_root: a script's ``model = ...``); ``end``:
    the line of the last statement it runs. The statements below ``line`` have not run yet (a
    ``register`` written there is not yet in effect, interp/classtype.py; a class attribute
    patched there is not yet set, objmodel); those below ``end`` never run before the model
    is built (``modglobals.fill`` leaves them out)."""
    interp.__dict__.setdefault(_IN_ORDER, {})[id(mod)] = (line, end)


def in_order_line(interp: Any, mod: Any) -> int | None:
    """The line ``run_in_order`` marked for ``mod``, or None."""
    got = interp.__dict__.get(_IN_ORDER)
    at = None if not got else got.get(id(mod))
    return None if at is None else at[0]


def in_order_end(interp: Any, mod: Any) -> int | None:
    """The line of the last statement the in-order run of ``mod`` runs, or None."""
    got = interp.__dict__.get(_IN_ORDER)
    at = None if not got else got.get(id(mod))
    return None if at is None else at[1]


def running_line(interp: Any, mod: Any) -> int | None:
    """The top-level line of ``mod`` whose statement runs now, as importing it runs them: the
    caller's in-order position, else an import-time read's line (``enter``); None outside
    import-time code (a model built after the import)."""
    line = in_order_line(interp, mod)
    if line is not None:
        return line
    lines = interp.__dict__.get(_LINE)
    return None if not lines else lines.get(id(mod))


def record(interp: Any, mod: Any, name: str, line: int, value: Any) -> None:
    """``name`` holds ``value`` from ``line`` on (a new binding only: the same object again,
    a statement that filled it in place, is not a new entry)."""
    hist = interp.__dict__.get(_HISTORY)
    if hist is None:
        hist = interp.__dict__[_HISTORY] = {}
    got = hist.setdefault((id(mod), name), [])
    if got and got[-1][1] is value:
        return
    got.append((line, value))


def at_line(interp: Any, mod: Any, name: str, value: Any) -> Any:
    """``value`` (the global's last binding), or its binding at the line of ``mod`` that is
    running now (see the module docstring)."""
    lines = interp.__dict__.get(_LINE)
    if not lines:
        return value
    line = lines.get(id(mod))
    if line is None:
        return value
    got = interp.__dict__[_HISTORY].get((id(mod), name)) if _HISTORY in interp.__dict__ else None
    if not got or len(got) < 2:
        return value
    out = None
    for at, v in got:
        if at >= line:
            break
        out = (v,)
    # read above its first binding (a function run at import before the name exists): as
    # before, the last binding
    return value if out is None else out[0]


def settle(interp: Any, value: Any) -> None:
    """``value`` is a module global whose every top-level use the interpreter replays in
    source order (modglobals ``_written_through``: a stream, the writers built on it, their
    calls, one reader after them), though each runs as part of a different lazy read: a
    stream's "made by one statement, used by another" guard does not apply to it."""
    interp.__dict__.setdefault(_SETTLED, {})[id(value)] = value


def settled(interp: Any, value: Any) -> bool:
    """``settle`` was called for ``value``."""
    got = interp.__dict__.get(_SETTLED)
    return bool(got) and got.get(id(value)) is value
