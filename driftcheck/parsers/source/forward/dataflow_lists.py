"""Forward crashes on real sizes (``check --input-shape``), session 18: a Python list indexed
past its end (``lat[i + 1]`` in a top-down FPN loop's last round: IndexError).

The dataflow keeps ``forward``'s lists as Python lists, but their lengths are not always
the real ones: a loop over a value it cannot enumerate runs its body once, speculatively; a
loop is cut at ``MAX_LOOP`` rounds; an unknown call may change a list it is given; an
``extend`` of an unknown iterable, ``insert`` or a slice store is not followed. A list that
is one item short of the real one would make a correct index look past the end, so only a
list whose length is certain is judged:

- it was made here, in ``forward`` (or a helper it follows) on real sizes, outside
  speculative code: a list literal without ``*``, a comprehension or ``zip`` /
  ``enumerate`` / ``reversed`` / ``list`` / ``sorted`` over certain iterables (a ``range``, a ``ModuleList`` / ``Sequential``, a list
  that is itself certain);
- since it was made, nothing happened that the pass could not follow exactly
  (``Flow.doubts``: every speculative region entered, every unknown call or cut loop adds
  one); its own changes were ``append`` / ``pop`` / ``extend`` of a certain list, outside
  speculative code; any other change (``insert``, ``remove``, a slice store, ``+=`` that
  another name may share, a change while a loop walks it, a library function other than
  torch's or a pure builtin given the list) drops it.

Everything else is not judged (the item is unknown, as before).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.dataflow_values import UNK, Mod, Tens

# builtins whose list result is as certain as all their arguments
CERTAIN_BUILTINS = {"zip", "enumerate", "reversed", "list", "sorted"}
# builtins that never change a list they are given
PURE_BUILTINS = {
    *CERTAIN_BUILTINS, "len", "tuple", "sum", "min", "max", "any", "all", "map", "iter",
    "next", "isinstance", "range", "print", "str", "int", "float", "bool", "abs", "round",
    "getattr", "hasattr", "type", "id", "filter", "dict", "set",
}  # fmt: skip


def _on(f: Any) -> bool:
    return f.input_shape is not None


def certain(f: Any, v: Any) -> bool:
    """``v``'s items (their count) are certain: a range, a ModuleList / Sequential built
    without an unresolved note, a list made here with nothing doubtful since."""
    if isinstance(v, range):
        return True
    if isinstance(v, Mod):
        # a container ``__init__`` could not fill exactly (items from a value it could not
        # enumerate, an ``append`` under an undecided condition) holds an ``unresolved`` note:
        # its item count is not torch's
        kind = getattr(v.obj, "kind", None)
        return kind in ("ModuleList", "Sequential") and not getattr(v.obj, "unresolved", None)
    if isinstance(v, list):
        got = f.sure_lists.get(id(v))
        return got is not None and got[0] is v and got[1] == f.doubts
    return False


def made(f: Any, out: Any, *sources: Any) -> Any:
    """A list made here from ``sources`` (none: a literal): certain when they all are, and
    not made in speculative code (a list a branch made may outlive it when the other branch
    returns early)."""
    if f.speculative or not _on(f) or not isinstance(out, list):
        return out
    if all(certain(f, s) for s in sources):
        f.sure_lists[id(out)] = (out, f.doubts)
    return out


def drop(f: Any, v: Any) -> None:
    """``v``'s length is no longer certain."""
    if isinstance(v, list):
        f.sure_lists.pop(id(v), None)


def changed(f: Any, v: Any, name: str, args: list) -> None:
    """``v.name(*args)`` on a list: an exact ``append`` / ``pop`` / ``extend`` of a certain
    list keeps it certain; any other change, or one in speculative code, does not."""
    if not _on(f) or not isinstance(v, list) or id(v) not in f.sure_lists:
        return
    exact = name in ("append", "pop") or (name == "extend" and args and certain(f, args[0]))
    if not exact or f.speculative:
        drop(f, v)


def passed(f: Any, q: str, args: list, kwargs: dict) -> None:
    """A library function called with lists: one that is not torch's or a builtin known not
    to change its arguments (``heapq.heappush``, ``bisect.insort``, ``list.append(xs, x)``)
    may grow a list unseen, so those lists are no longer certain."""
    if not _on(f) or not f.sure_lists:
        return
    if q.startswith("torch.") or (q.startswith("builtins.") and q[9:] in PURE_BUILTINS):
        return
    for v in (*args, *kwargs.values()):
        drop(f, v)


def walked(f: Any, v: Any, before: int | None) -> None:
    """After a loop over list ``v`` of ``before`` items: if the loop changed it, Python
    walked the changed list (the pass walked a copy), so no count is certain any more."""
    if before is not None and isinstance(v, list) and len(v) != before:
        f.doubts += 1


def item(f: Any, v: Any, key: Any, loc: Any) -> None:
    """``v[key]`` of a list, ``key`` an int past either end: IndexError when the list's
    length is certain."""
    if not _on(f) or not isinstance(v, list) or not certain(f, v):
        return
    if isinstance(key, int) and not isinstance(key, bool) and not -len(v) <= key < len(v):
        f.crash(
            loc,
            f"IndexError: list index out of range (index {key} of a list of {len(v)} items)",
        )


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def store(run: Any, tgt: Any, base: Any, v: Any, fr: Any) -> None:
    """``xs[key] = v`` on a list held by a local name: Python's ``list.__setitem__``, in
    place (an alias sees it). ``shape = list(x.shape); shape[-1:] = [heads, -1]`` then
    ``x.view(shape)``: a store the pass ignored left the old sizes, a false ``view`` /
    ``Linear`` crash. A plain int index in range, or a slice of known int bounds (step 1)
    given a list / tuple, is followed exactly outside speculative code; any other store
    leaves the items unknown, and a slice store (its length may change) the name too."""
    if not isinstance(base, list) or not _on(run.f):
        return
    key = run.eval(tgt.slice, fr)
    exact = not run.f.speculative
    if isinstance(key, slice):
        bounds = (key.start, key.stop, key.step)
        known = all(b is None or _int(b) for b in bounds) and key.step in (None, 1)
        if exact and known and isinstance(v, (list, tuple)):
            base[key] = list(v)
            return
        base[:] = [_unknown(x) for x in base]
        if isinstance(tgt.value, ast.Name):
            fr.locals[tgt.value.id] = UNK
        return
    if exact and _int(key) and -len(base) <= key < len(base):
        base[key] = v
        return
    if _int(key) and -len(base) <= key < len(base):
        base[key] = _unknown(base[key])
        return
    base[:] = [_unknown(x) for x in base]


def _unknown(x: Any) -> Any:
    return Tens(None) if isinstance(x, Tens) else UNK
