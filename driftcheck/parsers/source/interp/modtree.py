"""``nn.Module`` tree walks in ``__init__``: ``children()``, ``named_children()``,
``modules()``, ``named_modules()`` and ``_modules``.

Detection models swap layers after building a backbone (``replace_batch_norm`` walks
``model.named_children()`` and writes ``model._modules[name] = FrozenBatchNorm2d(...)``,
recursing into every child that has children). With these walks known, that recursion
ends, and the swapped-in layer replaces the original, as in torch.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.library.pybuiltins import BuiltinMethod
from driftcheck.parsers.source.values.abstract import Leaf, Obj, Unknown, UnknownPlain, plain

WALKS = {"children", "named_children", "modules", "named_modules", "_modules"}


class ModulesView(dict):
    """``module._modules``: reads see the children; a write registers like ``setattr`` (so a
    write under an undecided condition is marked unresolved)."""

    def __init__(self, owner: Obj) -> None:
        super().__init__(owner.children)
        self.owner = owner


def walk_method(m: Leaf | Obj, name: str, ip: Any = None) -> Any:
    """The walk ``name`` of module ``m``. A catalogue layer's torch children are its parts
    (interp/leafparts.py: ``MultiheadAttention.out_proj``...); where they are not known
    (a class with sub-modules and no table there) the walk is unknown, never short."""
    from driftcheck.parsers.source.interp import leafparts
    from driftcheck.parsers.source.values.abstract import Unknown

    if isinstance(m, Leaf):
        own = leafparts.parts(m, ip)
        if own is None:
            why = f"{name} of the {m.type} layer (its torch sub-modules are not known)"
            if name == "_modules":
                return Unknown(why)
            return BuiltinMethod(lambda a, k: UnknownWalk(m, name, why))
        kids: dict[str, Any] = dict(own)
    else:
        kids = m.children
    if name == "_modules":
        if isinstance(m, Obj):
            return ModulesView(m)
        owner = m.part_of if isinstance(m, leafparts.PartLeaf) else m
        return leafparts._Watched(owner, f"{m.type}._modules", kids, ip)
    if name == "children":
        return BuiltinMethod(lambda a, k: _gen(list(kids.values())))
    if name == "named_children":
        return BuiltinMethod(lambda a, k: _gen(list(kids.items())))
    if name == "modules":
        return BuiltinMethod(lambda a, k: _walk(m, name, lambda got: [x for _, x in got], ip))
    return BuiltinMethod(lambda a, k: _walk(m, name, lambda got: got, ip))


class UnknownWalk(Unknown):
    """``m.modules()`` / ``named_modules()`` / ``children()`` ... of a module whose torch
    sub-modules are not known: not enumerable, but each item is a module under ``owner``
    (``loop_item``). A layer written onto one in a loop (``for x in m.modules(): x.bias =
    None``) may change what ``owner`` counts; the loop item was a plain unknown and the write
    was dropped (nn.Transformer's biases: 1554 where torch counts 1480)."""

    __slots__ = ("owner", "walk")

    def __init__(self, owner: Any, walk: str, why: str) -> None:
        super().__init__(why)
        self.owner, self.walk = owner, walk


def loop_item(iterable: Any) -> Any:
    """What a loop over ``iterable`` (not enumerable) binds its target to: a module under the
    walk's owner (a ``(name, module)`` pair for the named walks), else a plain unknown."""
    from driftcheck.parsers.source.interp.submodpath import UnknownSubmodule

    it = plain(iterable)
    if not isinstance(it, UnknownWalk):
        return Unknown("loop item")
    why = f"a module of {it.why}"
    mod = UnknownSubmodule(it.owner, why)
    if it.walk.startswith("named_"):
        return (UnknownPlain(f"a name of {it.why}"), mod)  # a name: never a layer
    return mod


def _gen(items: Any) -> Any:
    """torch's walks are generators: ``next(m.parameters())`` is the first parameter and a
    second ``next`` the one after (interp/tuplesub.py ``Generator``); a loop, ``list()`` or
    ``in`` reads what is left, as on the list this was before."""
    from driftcheck.parsers.source.interp.tuplesub import Generator

    return Generator(items) if isinstance(items, list) else items


def _walk(m: Any, name: str, shape: Any, ip: Any) -> Any:

    got = _named(m, "", ip=ip)
    if got is None:
        return UnknownWalk(m, name, f"{name}() over a layer whose torch sub-modules are not known")
    return _gen(shape(got))


# ``apply`` calls at most this many times per call: a tree sharing sub-modules is walked once
# per path, as torch walks it, which a hostile tree can make exponential
APPLY_CALLS = 20_000


def apply_method(m: Any, ip: Any) -> Any:
    """``module.apply(fn)``: ``fn`` on every sub-module, children first, then the module
    itself, the module returned -- torch's recursion, ``for c in self.children(): c.apply(fn)``
    then ``fn(self)``. Was a no-op: an ``fn`` dropping biases (``m.bias = None``) was silently
    not run (36 vs torch's 32 in the test). ``children()`` drops repeats only among one
    module's own children, so a module two parents share is visited once per parent (an
    ``fn`` appending an adapter to each block adds two to a shared one: visiting it once
    counted 15 vs torch's 24), and each module's children are read when it is visited (an
    earlier call may have added some). Over a layer whose torch sub-modules are not known,
    ``fn`` may touch them: that layer is unresolved. A cycle (torch: RecursionError) or more
    than ``APPLY_CALLS`` calls leaves ``m`` unresolved."""
    from driftcheck.parsers.source.interp import leafparts
    from driftcheck.parsers.source.values.abstract import Unknown

    def kids_of(x: Any) -> list[Any]:
        if isinstance(x, Obj):
            own: list[Any] = list(x.children.values())
        elif isinstance(x, Leaf):
            parts = leafparts.parts(x, ip)
            if parts is None:
                x.unresolved.append("apply() over its torch sub-modules (not known)")
                parts = []
            own = [c for _, c in parts]
        else:
            own = []
        # ``named_children``: each child once (by identity) among this module's own
        return list({id(c): c for c in own if isinstance(c, (Obj, Leaf))}.values())

    def visit(x: Any, path: set[int], calls: list[int], fn: Any) -> str | None:
        if id(x) in path:
            return "a module that holds itself"
        path.add(id(x))
        for c in kids_of(x):
            why = visit(c, path, calls, fn)
            if why is not None:
                return why
        path.discard(id(x))
        calls[0] += 1
        if calls[0] > APPLY_CALLS:
            return f"more than {APPLY_CALLS} calls"
        ip.calls.call(fn, [x], {}, m.loc or ("", 0))
        return None

    def run(a: list, k: dict) -> Any:
        fn = a[0] if a else k.get("fn")
        if fn is None or len(a) > 1 or k.keys() - {"fn"}:
            m.unresolved.append("apply() with arguments not read")
            return m
        if isinstance(plain(fn), Unknown):
            m.unresolved.append(f"apply() of an unknown function ({plain(fn).why})")
            return m
        why = visit(m, set(), [0], fn)
        if why is not None:
            m.unresolved.append(f"apply() over {why}: not followed")
        return m

    return BuiltinMethod(run)


def _named(
    m: Any, prefix: str, seen: set[int] | None = None, ip: Any = None
) -> list[tuple[str, Any]] | None:
    """(dotted name, module) pre-order, each module once (torch's ``named_modules``); None
    when a catalogue layer on the way has torch sub-modules not known."""
    from driftcheck.parsers.source.interp import leafparts

    seen = set() if seen is None else seen
    if id(m) in seen:
        return []
    seen.add(id(m))
    out = [(prefix, m)]
    if isinstance(m, Obj):
        kids = list(m.children.items())
    elif isinstance(m, Leaf):
        own = leafparts.parts(m, ip)
        if own is None:
            return None
        kids = own
    else:
        kids = []
    for n, c in kids:
        if isinstance(c, (Obj, Leaf)):
            sub = _named(c, f"{prefix}.{n}" if prefix else n, seen, ip)
            if sub is None:
                return None
            out.extend(sub)
    return out


PARAM_WALKS = ("parameters", "named_parameters")


def param_walk(m: Leaf | Obj, name: str, attrs: Any) -> Any:
    """``module.parameters()`` / ``named_parameters()`` in ``__init__`` (nbeats collects each
    block's parameters into a ``ParameterList`` of its own): the parameter values in torch's
    order (each module's own, then its children's, pre-order, each parameter once), the same
    values the modules hold, so the new container ties to them rather than counting copies.
    Unknown when a module on the way is unresolved or a layer's weights are not known from
    the catalogue: a parameter left out would be a confident wrong count."""
    from driftcheck.parsers.source.values.abstract import Unknown

    def run(a: list, k: dict) -> Any:
        recurse = plain(k.get("recurse", True))
        if a or any(kk != "recurse" for kk in k) or not isinstance(recurse, bool):
            return Unknown(f"{name}() with arguments")
        # ``recurse=False``: the module's own parameters only (opacus' ``trainable_modules``)
        got = _named_params(m, attrs, getattr(attrs, "ip", None), recurse)
        if got is None:
            return Unknown(f"{name}() of a module whose parameters are not all known")
        return _gen([p for _, p in got] if name == "parameters" else got)

    return BuiltinMethod(run)


BUFFER_WALKS = ("buffers", "named_buffers")


def buffer_walk(m: Leaf | Obj, name: str, attrs: Any) -> Any:
    """``module.buffers()`` / ``named_buffers()`` in ``__init__`` (opacus' ``validate``:
    ``len(list(m.buffers())) > 0`` for each trainable layer): torch's buffers in its order
    (each module's own, then its children's, pre-order; a ``None`` buffer skipped, as torch
    does). Only where every module's buffers are known: a torch layer of a kind the forward
    pass lists (forward/dataflow_params.py: none, or a BatchNorm's running statistics), a
    module read from source with what it registered. Anything else: unknown, never a shorter
    list."""
    from driftcheck.parsers.source.values.abstract import Unknown

    def run(a: list, k: dict) -> Any:
        recurse = plain(k.get("recurse", True))
        if a or any(kk not in ("recurse", "prefix") for kk in k) or not isinstance(recurse, bool):
            return Unknown(f"{name}() with arguments")
        if plain(k.get("prefix", "")) != "":
            return Unknown(f"{name}() with a prefix")
        got = _named_buffers(m, getattr(attrs, "ip", None), recurse)
        if got is None:
            return Unknown(f"{name}() of a module whose buffers are not all known")
        return _gen([b for _, b in got] if name == "buffers" else got)

    return BuiltinMethod(run)


def _leaf_buffers(leaf: Leaf) -> list[tuple[str, Any]] | None:
    from driftcheck.graph import catalogue
    from driftcheck.parsers.source.forward.dataflow_params import BN, NO_TENSORS, WEIGHTED
    from driftcheck.parsers.source.values.abstract import Tensor

    if not (isinstance(leaf.torch, str) and leaf.torch.startswith("torch.nn.")):
        return None
    if leaf.unresolved or leaf.wnorm or leaf.tied or leaf.owned or leaf.gone:
        return None
    if leaf.type in NO_TENSORS:
        return []
    if leaf.type not in WEIGHTED:
        return None
    if leaf.type not in BN:
        return []
    spec = catalogue.get(leaf.type)
    try:
        bound = spec.bind(leaf.params) if spec is not None else None
    except Exception:  # noqa: BLE001 - parameters the entry cannot bind: unknown
        return None
    if bound is None or bound.get("track_running_stats") is not True:
        return None
    n = plain(bound.get("num_features"))
    if type(n) is not int:
        return None
    return [
        ("running_mean", Tensor((n,))),
        ("running_var", Tensor((n,))),
        ("num_batches_tracked", Tensor(())),
    ]


def _named_buffers(m: Any, ip: Any = None, recurse: bool = True) -> list[tuple[str, Any]] | None:
    from driftcheck.parsers.source.values.abstract import Tensor

    walk = _named(m, "", ip=ip)
    if walk is None:
        return None
    if not recurse:
        walk = walk[:1]
    out: list[tuple[str, Any]] = []
    seen: set[int] = set()
    for prefix, mod in walk:
        if mod.unresolved:
            return None
        if isinstance(mod, Leaf):
            items = _leaf_buffers(mod)
            if items is None:
                return None
        elif isinstance(mod, Obj) and mod.module:
            items = list(mod.buffers.items())
        else:
            return None
        for bname, b in items:
            b = plain(b)
            if b is None:
                continue  # ``register_buffer(name, None)``: torch yields nothing for it
            if not isinstance(b, Tensor) or b.cond is not None:
                return None
            if id(b) in seen:
                continue
            seen.add(id(b))
            out.append((f"{prefix}.{bname}" if prefix else bname, b))
    return out


def _named_params(
    m: Any, attrs: Any, ip: Any = None, recurse: bool = True
) -> list[tuple[str, Any]] | None:
    from driftcheck.parsers.source.interp.leafparts import PartLeaf
    from driftcheck.parsers.source.values.abstract import Tensor, WeightRef

    out: list[tuple[str, Any]] = []
    items: list[tuple[str, Any]]
    seen: set[Any] = set()
    walk = _named(m, "", ip=ip)
    if walk is None:
        return None
    if not recurse:
        if isinstance(m, Leaf) and len(walk) > 1:
            return None  # a layer with torch sub-modules: its own weights apart not listed
        walk = walk[:1]  # the module itself (``_named`` walks it first)
    for prefix, mod in walk:
        if mod.unresolved:
            return None
        if type(mod) is Leaf and (mod.gone or "" in mod.owned):
            from driftcheck.parsers.source.interp import leafregs

            # weights deleted or added (interp/leafregs.py): those torch holds, in its order
            names = leafregs.held(mod)
            if names is None:
                return None
            own = dict(mod.owned.get("", []))
            items = [(n, own[n] if n in own else WeightRef(mod, n)) for n in names]
        elif isinstance(mod, Leaf):
            if mod.tied or mod.wnorm or mod.owned or mod.gone:
                return None
            weights = attrs.weights_with(mod, {})
            if weights is None:
                return None
            # a part's weights are its owner's (``out_proj.weight`` of the attention layer)
            at = (mod.part_of, f"{mod.part_path}.") if isinstance(mod, PartLeaf) else (mod, "")
            items = [(w, WeightRef(at[0], at[1] + w)) for w in weights]
        else:
            items = list(mod.params.items())
        for pname, p in items:
            if isinstance(p, WeightRef):
                key: Any = (id(p.owner), p.name)
            elif isinstance(p, Tensor) and p.param:
                key = (id(p.owner), p.name) if p.owner is not None else id(p)
            else:
                return None  # a parameter whose value we do not hold
            if key in seen:
                continue
            seen.add(key)
            out.append((f"{prefix}.{pname}" if prefix else pname, p))
    return out
