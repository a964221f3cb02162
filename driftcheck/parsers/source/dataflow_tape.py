"""Recording a module call of the forward() pass as a tape, to replay it for an identical module.

A tape lists, in order, every call the forward interpreter made to the pass state (``Flow``)
while it followed one module's ``forward``: arguments and results, encoded so that they can be
renamed. A value is encoded by what the interpreter could observe of it:

- tensors (``Tens``) and containers by *identity slot*: the n-th object the call saw, with a
  tensor's producer node and symbolic shape at each sighting (the interpreter may set a shape
  between two calls: replay sets it the same way);
- node ids (``("I", id)``) and symbol ids (the ``uid`` inside a ``Sym`` key) as names that
  replay maps onto the other module's names, one to one;
- module objects by their position in the module's subtree (``("m", k)``), or, outside it, by
  identity (``("x", k)``, pinned: it must be the very same object on replay);
- plain constants as themselves.

Anything else (a closure, a bound method of a container, ``super()``...) cannot be encoded: the
recording is abandoned and the module is simply interpreted (``Abandon``). Decoding and
matching live in ``dataflow_player``, the record / replay decisions in ``dataflow_reuse``.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.dataflow_ops import Pieces
from driftcheck.parsers.source.dataflow_values import (
    CfgV,
    Mod,
    Multi,
    ShapeOf,
    Sym,
    Tens,
    Unk,
    UserFunc,
)
from driftcheck.parsers.source.values import (
    Cls,
    Ext,
    Leaf,
    Obj,
    Sourced,
    Tensor,
    Unknown,
    WeightRef,
)

ATOMS = frozenset((bool, int, float, str, type(None), Unk, type(Ellipsis)))
_SYM_LEAF = ("dim", "view")


class Abandon(Exception):
    """The call did something a tape cannot stand for: interpret it, keep no template."""


class Mismatch(Exception):
    """Replay diverged from the recording: roll back and interpret."""


def walk_modules(root: Any) -> tuple[list[Any], list[Any]]:
    """The module objects of ``root``'s subtree in registration order, and the structure a
    replay must find equal: each object's class, kind, child/parameter/buffer/attribute names
    and unresolved notes (a leaf's type and parameters), or which earlier object it repeats."""
    mods: list[Any] = []
    pattern: list[Any] = []
    index: dict[int, int] = {}
    stack = [root]
    while stack:
        m = stack.pop()
        k = index.get(id(m))
        if k is not None:
            pattern.append(("dup", k))
            continue
        index[id(m)] = len(mods)
        mods.append(m)
        if isinstance(m, Obj):
            pattern.append(
                (
                    id(m.cls),
                    m.kind,
                    m.qual,
                    m.module,
                    tuple(m.children),
                    tuple(m.params),
                    tuple(m.buffers),
                    tuple(m.attrs),
                    tuple(m.unresolved),
                )
            )
            stack.extend(reversed([c for c in m.children.values() if c is not None]))
        elif isinstance(m, Leaf):
            params = tuple((k, repr(v)) for k, v in m.params.items())
            pattern.append(("L", m.type, params, m.torch, tuple(m.unresolved)))
        else:
            pattern.append(("?", type(m).__name__))
    return mods, pattern


def attr_print(v: Any, where: dict[int, int], depth: int = 0) -> Any:
    """What the forward interpreter can see of an attribute value (``convert``): constants by
    value, modules by position in the subtree (else identity), configs and classes by identity."""
    t = v.__class__
    if t in ATOMS:
        return (t.__name__, v)
    if isinstance(v, Sourced):
        return attr_print(v.value, where, depth)
    if t in (list, tuple) and depth < 6:
        return (t.__name__, tuple(attr_print(x, where, depth + 1) for x in v))
    if t is dict and depth < 6:
        return ("d", tuple((k, attr_print(x, where, depth + 1)) for k, x in v.items()))
    if t in (Leaf, Obj):
        k = where.get(id(v))
        return ("m", k) if k is not None else ("x", id(v))
    if t is Tensor or t is WeightRef:
        return ("tensor",)
    if isinstance(v, Unknown):
        return ("unk", t.__name__)
    return ("id", id(v))


class Tape:
    """The recording of one module call (see the module docstring)."""

    def __init__(self, mods: list[Any], start_uid: int) -> None:
        self.mods = {id(m): k for k, m in enumerate(mods)}
        self.start_uid = start_uid  # tensors made before the call have smaller uids
        self.events: list[tuple] = []
        self.slots: dict[int, int] = {}
        self.keep: list[Any] = []  # objects by slot: keeps their ids unique while recording
        self.pins: list[Any] = []  # objects outside the subtree, by identity
        self.containers: list[tuple[Any, list]] = []  # mutable containers, content when seen
        self.reads: dict[tuple[int, str], Any] = {}  # (module position, attribute) -> print
        self.inputs = True  # while encoding the arguments: older tensors are allowed
        self.broken = False  # the interpreter touched pass state outside the recorded calls

    # ------------------------------------------------------------------ guards
    def read(self, obj: Any, name: str) -> None:
        """The interpreter read attribute (or leaf parameter) ``name`` of ``obj``."""
        k = self.mods.get(id(obj))
        if k is None:
            self.broken = True  # an attribute of a module outside the subtree
            return
        if (k, name) not in self.reads:
            src = obj.params if isinstance(obj, Leaf) else obj.attrs
            self.reads[(k, name)] = attr_print(src[name], self.mods)

    # ------------------------------------------------------------------ encoding
    def pin(self, v: Any) -> tuple:
        for i, p in enumerate(self.pins):
            if p is v:
                return ("x", i)
        self.pins.append(v)
        return ("x", len(self.pins) - 1)

    def mod(self, v: Any) -> tuple:
        k = self.mods.get(id(v))
        return ("m", k) if k is not None else self.pin(v)

    def ident(self, nid: Any) -> Any:
        return ("I", nid) if nid is not None else None

    def key(self, k: Any) -> Any:
        if k.__class__ is tuple:
            if len(k) == 4 and k[0] in _SYM_LEAF:
                return ("L", k[0], k[1], k[2], self.ident(k[3]))
            return ("C", *(self.key(x) for x in k))
        if k.__class__ in ATOMS:
            return k
        raise Abandon("symbol key")

    def shape(self, s: Any) -> Any:
        if s is None:
            return None
        if s.__class__ is not tuple:
            raise Abandon("shape")
        return tuple(self.dim(d) for d in s)

    def dim(self, d: Any) -> Any:
        if d.__class__ is Sym:
            return ("Y", self.key(d.key))
        if d.__class__ in ATOMS:
            return d
        raise Abandon("dimension")

    def state(self, t: Tens) -> tuple:
        return (self.ident(t.src), self.shape(t.shape))

    def enc(self, v: Any) -> Any:
        t = v.__class__
        if t in ATOMS:
            return v
        if t is Sym:
            return ("Y", self.key(v.key))
        if t is slice:
            return ("sl", self.enc(v.start), self.enc(v.stop), self.enc(v.step))
        if t is Leaf or t is Obj:
            return ("m", self.mods[id(v)]) if id(v) in self.mods else self.pin(v)
        if isinstance(v, (Ext, Cls)):
            return self.pin(v)
        s = self.slots.get(id(v))
        if s is not None:
            if t is Tens:
                return ("T", s, self.state(v))
            return ("o", s)
        s = self.slots[id(v)] = len(self.keep)
        self.keep.append(v)
        if (t is tuple or t is list or t is dict) and _constant(v):
            # parameters, locations, sizes: decoded as a copy, without walking the items
            if t is not tuple:
                self.containers.append((v, list(v.items()) if t is dict else list(v)))
            return ("K", s, t(v) if t is not tuple else v)
        if t is Tens:
            if v.uid < self.start_uid and not self.inputs:
                raise Abandon("a tensor made before the call came back from the pass state")
            return ("Tn", s, v.uid, self.state(v))
        if t is tuple:
            return ("tu", s, tuple([self.enc(x) for x in v]))
        if t is list:
            self.containers.append((v, list(v)))
            return ("li", s, tuple([self.enc(x) for x in v]))
        if t is dict:
            if any(k.__class__ not in ATOMS for k in v):
                raise Abandon("dict key")
            self.containers.append((v, list(v.items())))
            return ("di", s, tuple([(k, self.enc(x)) for k, x in v.items()]))
        if t is Multi:
            return ("Mu", s, self.enc(v.first))
        if t is ShapeOf:
            return ("Sh", s, self.enc(v.t))
        if t is Pieces:
            return ("Pi", s, self.enc(v.t))
        if t is Mod:
            return ("Mo", s, self.enc(v.obj))
        if t is CfgV:
            return ("Cf", s, self.pin(v.cfg))
        if t is UserFunc:
            return ("Uf", s, self.pin(v.func), self.enc(v.self_mod))
        raise Abandon(f"value {t.__name__}")

    def unchanged(self) -> bool:
        """No list or dict the call saw was changed after it was seen (arguments included)."""
        for v, was in self.containers:
            now = list(v.items()) if v.__class__ is dict else list(v)
            if len(now) != len(was):
                return False
            for a, b in zip(now, was):
                if a is not b and not (a.__class__ in ATOMS and a == b) and a != b:
                    return False
        return True


def _constant(v: Any, depth: int = 0) -> bool:
    """Only constants inside (no tensor, symbol, module or nested mutable container)."""
    items = v.values() if v.__class__ is dict else v
    for x in items:
        c = x.__class__
        if c in ATOMS:
            continue
        if c is tuple and depth < 4 and _constant(x, depth + 1):
            continue
        return False
    return v.__class__ is not dict or all(k.__class__ in ATOMS for k in v)
