"""``Graph.uses``: every value a module holds for a model fact, with where it was read.

Facts (``model_facts.py``) are one value per model and only where the structure pins it down. Many
values the model computes with never reach a layer's weights: the ``eps`` a user-written
RMSNorm keeps for ``forward``, the ``max_seq_len_cached`` of a rotary embedding, the
``num_heads`` an attention splits its projections by in ``view()``. A literal written where
the code should read the config changes only such a value, so the drift matcher needs them.

A module attribute is a use when its value is a known number and either its name or the
config key it was read from means a fact (``driftcheck.graph.facts.NAME_FACTS``). Each use
keeps the config read's file:line and key when it came from a config, else the line that
assigned it. Nothing is inferred from class names.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.findings import Location
from driftcheck.graph.facts import NAME_FACTS
from driftcheck.graph.model import Graph, Use
from driftcheck.parsers.source.speed import symbolic
from driftcheck.parsers.source.speed.symbolic import plain_hole
from driftcheck.parsers.source.values.abstract import Obj, Sourced

MAX_USES = 2000
"""Distinct (fact, value, place) triples kept: repeated layers give the same few."""


def record_uses(
    graph: Graph, root: Any, traced: bool = False, bases: Any = (), forward: Any = ()
) -> None:
    """``bases``: the interpreter's ``base ** tensor`` places (value, where, holder):
    a rotary embedding's base that only a local holds (``exprs.power_base``);
    ``forward``: other values the code computes with (key, value, where, holder): module
    constants with a fact's name ``forward`` reads (``dataflow_eval.global_use``), a
    rotary embedding's dimensions (``exprs.rotary_dim``)."""
    seen: set[int] = set()
    out: dict[tuple, Use] = {}
    groups: dict[tuple, list] = {}
    todo = [root]
    while todo and len(out) < MAX_USES:
        m = todo.pop()
        if not isinstance(m, Obj) or id(m) in seen:
            continue
        seen.add(id(m))
        for name, v, held in _attrs(m):
            if name not in NAME_FACTS and (not isinstance(v, Sourced) or getattr(v, "bare", 0)):
                continue  # neither the name nor a config key can mean a fact
            found = _use(m, name, v, held)
            if found is not None and traced:
                groups.setdefault((found[0], found[2], found[3]), []).append(found[1])
            # repeated layers give the same use again and again: the Use (and its Location)
            # is made only the first time its (fact, value, place, holder) is seen
            if found is not None and found not in out:
                key, value, where, via = found
                loc = Location(file=where[0], line=where[1], key=where[2]) if where else None
                out[found] = Use(key=key, value=value, loc=loc, via=via)
        todo.extend(reversed(list(m.children.values())))
    for values in groups.values():
        symbolic.note_group(values)  # uses equal in all but the value are one use
    held = {u.value for u in out.values() if u.key == "ropeTheta"}
    for value, where, via in bases:
        found = ("ropeTheta", value, where, via)
        if value in held:
            continue  # a module attribute holds this base already: the better address
        if found not in out and len(out) < MAX_USES:
            loc = Location(file=where[0], line=where[1], key=where[2])
            out[found] = Use(key="ropeTheta", value=value, loc=loc, via=via)
    for key, value, where, via in forward:
        found = (key, value, where, via)
        if found not in out and len(out) < MAX_USES:
            loc = Location(file=where[0], line=where[1], key=where[2])
            out[found] = Use(key=key, value=value, loc=loc, via=via)
    graph.uses = list(out.values())


def _attrs(m: Obj) -> list[tuple[str, Any, str | None]]:
    """A module's attributes (name, value, None), then the fields of the field-holding
    objects it keeps (``self.h = h`` of a ``NamedTuple``, a ``SimpleNamespace``): (field,
    value, the attribute holding the object). Such a module reads its sizes from the object
    in ``forward`` (``view(b, t, h.heads, h.head_dim)``), so its fields are values it holds."""
    out: list[tuple[str, Any, str | None]] = [(k, v, None) for k, v in m.attrs.items()]
    if not m.module:
        return out
    for name, v in m.attrs.items():
        fields = _fields(v)
        if fields:
            out += [(f, x, name) for f, x in fields.items() if f in NAME_FACTS]
    return out


def _fields(v: Any) -> dict[str, Any] | None:
    from driftcheck.parsers.source.interp import tuplesub
    from driftcheck.parsers.source.library.stdlib import NamedTupleValue
    from driftcheck.parsers.source.values.abstract import Config

    if isinstance(v, NamedTupleValue):
        return dict(zip(v.nt.fields, v.values))
    if isinstance(v, Obj) and not v.module and v.cls is not None:
        if tuplesub.is_named_tuple(v.cls):
            return {k: x for k, x in v.attrs.items() if k != tuplesub.ITEMS}
        # a plain object of the code's own (a frozen dataclass of hyperparameters the
        # module keeps as ``self.hp``): its fields, and the class-level values an instance
        # reads through its class (``class Settings: window = 24`` kept as ``self.s``)
        return {**_class_fields(v.cls), **v.attrs}
    if isinstance(v, Config) and v.cls is None and str(v.origin or "").endswith(".py"):
        return dict(v.fields)  # a namespace the code made (``library/stdlib._namespace``)
    return None


def _class_fields(cls: Any) -> dict[str, Any]:
    """The plain numbers a class of the code's own states in its body under a fact's name
    (``window = 24``), its own and its bases' (nearest first): what ``obj.window`` reads
    where the instance sets none."""
    from driftcheck.parsers.source.values.abstract import Cls

    out: dict[str, Any] = {}
    for c in reversed(cls.mro() if isinstance(cls, Cls) else []):
        if not isinstance(c, Cls):
            continue
        for st in c.node.body:  # literals only: a value the body computes is left unread
            target = _target(st)
            x = getattr(getattr(st, "value", None), "value", None)
            if (
                isinstance(target, ast.Name)
                and target.id in NAME_FACTS
                and isinstance(st.value, ast.Constant)
                and isinstance(x, (int, float))
                and not isinstance(x, bool)
            ):
                out[target.id] = x
    return out


def _target(st: ast.stmt) -> ast.expr | None:
    if isinstance(st, ast.Assign) and len(st.targets) == 1:
        return st.targets[0]
    return st.target if isinstance(st, ast.AnnAssign) else None


def _use(m: Obj, name: str, v: Any, held: str | None = None) -> tuple | None:
    """(fact key, value, (file, line, config key) or None, holder) of a use, or None;
    ``held``: the attribute holding the object whose field ``name`` is."""
    key = NAME_FACTS.get(name)
    src = v if isinstance(v, Sourced) and not getattr(v, "bare", False) else None
    if key is None and src is not None and src.key:
        key = NAME_FACTS.get(src.key.rsplit(".", 1)[-1])
    if key is None:  # decided before the value is read: most attributes name no fact
        return None
    raw = plain_hole(v)
    if isinstance(raw, bool) or not isinstance(raw, (int, float)):
        return None
    where = m.attr_locs.get(held or name)
    if src is not None and src.file and src.line:
        loc: tuple | None = (src.file, src.line, src.key)
    elif where is not None:
        loc = (where[0], where[1], src.key if src is not None else None)
    else:
        loc = None
    owner = m.cls.name if m.cls is not None else (m.qual or m.kind or "module")
    return key, raw, loc, f"{owner}.{held}.{name}" if held else f"{owner}.{name}"
