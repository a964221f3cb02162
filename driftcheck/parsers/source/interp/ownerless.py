"""A layer, a parameter or ``None`` written onto a value we cannot see (issue #16, session 26).

``for m in sorted(self.children(), key=str): m.bias = None``, ``for m in lib.pick(self):
m.weight = nn.Parameter(...)``: the loop item is a plain unknown (the function's result was
not known), so the write had no module to land on and was dropped, while the layers it
reaches stayed as they were: a confidently wrong count (torch 32, here 40) with no note.

Where the written object is a plain unknown (no owner known: ``submodpath.UnknownSubmodule``
and loops over module walks keep theirs) and the value can change a count (a module, an
unknown module, a parameter, a weight reference, a parameter-bearing list; ``None`` under a
weight's name such as ``bias``), every module the running code can name (the frame's locals,
``self`` among them, or the module globals at top level) is left unresolved, with a note
naming the attribute and file:line. An ordinary attribute (``m.eps = 1e-5``, ``cfg.act =
None``) changes no count and is still dropped.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import (
    Leaf,
    Obj,
    Tensor,
    Unknown,
    UnknownContainer,
    UnknownModule,
    WeightRef,
    is_module,
    plain,
)

# names under which ``None`` drops a parameter of torch's layers (``layer.bias = None``)
_WEIGHT_NAMES = ("weight", "bias")


def _counts(name: str, v: Any, depth: int = 0) -> bool:
    v = plain(v)
    if v is None:
        return name in _WEIGHT_NAMES or name.endswith(("_weight", "_bias"))
    if isinstance(v, (UnknownModule, WeightRef)) or is_module(v):
        return True
    if isinstance(v, Tensor):
        return v.param
    if depth < 1 and isinstance(v, (list, tuple)):
        return any(_counts("", x, depth + 1) for x in v[:32])
    return False


def written(ip: Any, obj: Any, name: str, v: Any, line: int | None, fr: Any) -> None:
    """``obj.name = v`` with ``obj`` a plain unknown: see the module docstring."""
    if type(obj) not in (Unknown, UnknownContainer, UnknownModule):
        return
    if not isinstance(name, str) or not _counts(name, v):
        return
    where = _where(fr, line)
    _mark_scope(
        fr, f"{name} written at {where} on a value not known ({obj.why}): it may be a layer here"
    )


# methods that put their argument into the receiver in place (a list, dict, set, or a torch
# container module): on a plain unknown receiver the layer may land in the model
_IN_PLACE_ADDS = frozenset(
    (
        "append",
        "extend",
        "insert",
        "add",
        "update",
        "setdefault",
        "add_module",
        "register_module",
        "register_parameter",
        "__setitem__",
    )
)


def _adds_count(v: Any) -> bool:
    raw = plain(v)
    if isinstance(raw, dict):
        return any(_counts("", x, 1) for x in list(raw.values())[:32])
    return _counts("", raw)


def put_into(ip: Any, recv: Any, what: str, vals: list, line: int | None, fr: Any) -> None:
    """``y.append(layer)`` / ``y[k] = layer`` with ``y`` a plain unknown (the value of a
    ``with`` whose ``__enter__`` is not modelled, an unknown function's result): ``y`` may be
    a container of the model (``with lib.wrap(self.layers) as y``), so every module the
    running code can name is unresolved, as for an attribute written (module docstring).
    Values that change no count (a number, a hook handle) are dropped as before."""
    if type(recv) not in (Unknown, UnknownContainer, UnknownModule):
        return
    if not any(_adds_count(v) for v in vals):
        return
    where = _where(fr, line)
    _mark_scope(fr, f"{what} at {where} on a value not known ({recv.why}): it may hold layers here")


def method_put(ip: Any, e: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``recv.append(v)`` (a method of ``_IN_PLACE_ADDS``) with ``recv`` a name or a dotted
    name (read again without effects): ``put_into``."""
    import ast

    f = e.func
    if not isinstance(f, ast.Attribute) or f.attr not in _IN_PLACE_ADDS:
        return
    base = f.value
    while isinstance(base, ast.Attribute):
        base = base.value
    if not isinstance(base, ast.Name):
        return
    recv = plain(ip.exprs.eval(f.value, fr))
    put_into(ip, recv, f"{f.attr}()", [*args, *kwargs.values()], e.lineno, fr)


def _where(fr: Any, line: Any) -> str:
    """``file.py:line`` of the frame's module (``?`` where the frame has none)."""
    path = getattr(getattr(fr, "mod", None), "path", None)
    return f"{str(path).rsplit('/', 1)[-1] if path is not None else '?'}:{line}"


def _mark_scope(fr: Any, why: str) -> None:
    """Put ``why`` on every module (or layer) the frame's locals hold: its count is in doubt."""
    scope = getattr(fr, "locals", None) or {}
    for m in list(scope.values())[:256]:
        m = plain(m)
        if isinstance(m, (Obj, Leaf)) and (isinstance(m, Leaf) or m.module):
            if why not in m.unresolved:
                m.unresolved.append(why)
