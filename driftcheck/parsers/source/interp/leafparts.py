"""The torch sub-modules of a catalogue layer, as a module walk meets them (issue #16,
session 18, wildfix18d).

The catalogue counts ``nn.MultiheadAttention`` as one node, but torch's instance holds
``out_proj`` (a ``NonDynamicallyQuantizableLinear``, a ``Linear`` subclass), and a
``TransformerEncoderLayer`` holds ``self_attn`` / ``linear1`` / ``norm1`` / the dropouts. A walk
over ``model.modules()`` that sets ``m.bias = None`` on every ``nn.Linear`` reaches
``out_proj`` in torch (312 parameters in the test) and missed it here (320: a confident wrong),
and ``len(list(model.modules()))`` came out short.

Here a walk (``modules()`` / ``named_modules()`` / ``apply()`` / ``named_parameters()``)
yields, after such a layer, its torch children as ``PartLeaf`` values: catalogue layers built
with the arguments torch's ``__init__`` gives them (checked against torch's ``named_modules``
in tests/test_wild_constructs18d.py), so reads (``isinstance``, ``m.weight.shape``,
``m.in_features``) answer as torch does. A part's weights are the owner's
(``out_proj.weight`` is ``WeightRef(mha, "out_proj.weight")``, the catalogue's own name for
it), so ties and parameter walks count them once. Any write to a part's counted state (a
weight dropped, tied or replaced, a module or parameter added, an attribute of the value
itself) leaves the owner unresolved with a note: the catalogue cannot count an
``out_proj`` without its bias, and a guess would be a confident wrong. Re-initialising
(``nn.init.*(m.weight)``) writes nothing counted, so the common init loop stays exact.

Layers with sub-modules but no table here (``TransformerEncoder``, ``Transformer``,
``AdaptiveLogSoftmaxWithLoss``...): ``parts`` returns None and the walk is unknown.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Leaf, Unknown, is_module, plain

NDQ_LINEAR = "torch.nn.modules.linear.NonDynamicallyQuantizableLinear"


class _Watched(dict):
    """A part's ``params`` / ``tied`` / ``wnorm``: a write leaves the owner unresolved."""

    def __init__(self, owner: Leaf, path: str, items: dict, ip: Any = None) -> None:
        super().__init__(items)
        self.owner, self.path, self.ip = owner, path, ip

    def _hit(self) -> None:
        _changed(self.owner, self.path, self.ip)

    def __setitem__(self, k: Any, v: Any) -> None:
        self._hit()
        super().__setitem__(k, v)

    def __delitem__(self, k: Any) -> None:
        self._hit()
        super().__delitem__(k)

    def update(self, *a: Any, **k: Any) -> None:  # type: ignore[override]
        self._hit()
        super().update(*a, **k)

    def pop(self, *a: Any) -> Any:  # type: ignore[override]
        self._hit()
        return super().pop(*a)

    def setdefault(self, k: Any, v: Any = None) -> Any:
        if k not in self:
            self._hit()
        return super().setdefault(k, v)

    def clear(self) -> None:
        self._hit()
        super().clear()

    def popitem(self) -> tuple[Any, Any]:
        self._hit()
        return super().popitem()

    def __ior__(self, other: Any) -> _Watched:  # type: ignore[override,misc]
        self._hit()
        super().update(other)
        return self


def _changed(owner: Leaf, path: str, ip: Any = None) -> None:
    at = ""
    if ip is not None and ip.at_mod is not None:
        at = f" at {ip.at_mod.path.name}:{ip.at_line}"
    why = f"{path} of the {owner.type} layer changed through a module walk{at} (not counted)"
    if why not in owner.unresolved:
        owner.unresolved.append(why)


class PartLeaf(Leaf):
    """A torch child of catalogue layer ``part_of`` at dotted ``part_path``. Its
    ``unresolved`` list is the owner's, so a note made on it reaches the owner."""

    part_of: Any
    part_path: str

    def __init__(
        self, owner: Leaf, path: str, type_: str, torch: str, params: dict, ip: Any = None
    ) -> None:
        object.__setattr__(self, "part_of", owner)
        object.__setattr__(self, "ip", ip)
        object.__setattr__(self, "part_path", path)
        object.__setattr__(self, "_ready", False)
        super().__init__(
            type=type_,
            params=_Watched(owner, path, params, ip),
            loc=owner.loc,
            torch=torch,
            unresolved=owner.unresolved,
            tied=_Watched(owner, path, {}, ip),
            wnorm=_Watched(owner, path, {}, ip),
        )
        object.__setattr__(self, "_ready", True)

    def __setattr__(self, k: str, v: Any) -> None:
        if getattr(self, "_ready", False):
            _changed(self.part_of, self.part_path, self.ip)
        object.__setattr__(self, k, v)


def _arg(leaf: Leaf, name: str) -> tuple[bool, Any]:
    """(known, value) of a catalogue argument of ``leaf`` (its default when left out)."""
    from driftcheck.graph import catalogue
    from driftcheck.parsers.source.speed.symbolic import unhole

    if name in leaf.unresolved:
        return False, None
    if name in leaf.params:
        v = plain(unhole(leaf.params[name]))
        return not isinstance(v, Unknown), v
    spec = catalogue.get(leaf.type)
    for p in spec.params if spec is not None else ():
        if p.name == name:
            return True, p.default
    return False, None


def _args(leaf: Leaf, *names: str) -> list[Any] | None:
    out = []
    for n in names:
        ok, v = _arg(leaf, n)
        if not ok:
            return None
        out.append(v)
    return out


def _mha(owner: Leaf, path: str, src: Leaf) -> list[tuple[str, Any]] | None:
    got = _args(src, "embed_dim", "bias")
    if got is None:
        return None
    e, bias = got
    return [
        (
            f"{path}out_proj",
            ("Linear", NDQ_LINEAR, {"in_features": e, "out_features": e, "bias": bias}),
        )
    ]


def _layer(owner: Leaf, src: Leaf, decoder: bool) -> list[tuple[str, Any]] | None:
    got = _args(src, "d_model", "nhead", "dim_feedforward", "dropout", "layer_norm_eps")
    more = _args(src, "bias", "batch_first", "activation")
    if got is None or more is None:
        return None
    d, h, f, p, eps = got
    bias, batch_first, act = more
    if isinstance(act, Unknown):
        return None
    attn = {"embed_dim": d, "num_heads": h, "dropout": p, "bias": bias, "batch_first": batch_first}
    lin = "torch.nn.Linear"
    norm = {"normalized_shape": d, "eps": eps, "bias": bias}
    out: list[tuple[str, Any]] = [
        ("self_attn", ("MultiheadAttention", "torch.nn.MultiheadAttention", attn))
    ]
    if decoder:
        out.append(("multihead_attn", ("MultiheadAttention", "torch.nn.MultiheadAttention", attn)))
    out += [
        ("linear1", ("Linear", lin, {"in_features": d, "out_features": f, "bias": bias})),
        ("dropout", ("Dropout", "torch.nn.Dropout", {"p": p})),
        ("linear2", ("Linear", lin, {"in_features": f, "out_features": d, "bias": bias})),
    ]
    n = 3 if decoder else 2
    out += [(f"norm{i}", ("LayerNorm", "torch.nn.LayerNorm", dict(norm))) for i in range(1, n + 1)]
    out += [(f"dropout{i}", ("Dropout", "torch.nn.Dropout", {"p": p})) for i in range(1, n + 1)]
    if is_module(act):
        out.append(("activation", act))  # torch keeps the module passed in (the same object)
    elif isinstance(act, Unknown):
        return None
    return out


def parts(leaf: Leaf, ip: Any = None) -> list[tuple[str, Any]] | None:
    """The direct torch children of catalogue layer ``leaf`` as (name, module), in torch's
    order; [] for a layer torch builds without sub-modules; None when not known (a class
    with sub-modules but no table here, or an argument they depend on not known)."""
    from driftcheck.parsers.source.interp import leafclass

    if leafclass.no_children(leaf):
        return []
    owner = leaf.part_of if isinstance(leaf, PartLeaf) else leaf
    prefix = f"{leaf.part_path}." if isinstance(leaf, PartLeaf) else ""
    if leaf.type == "MultiheadAttention":
        spec = _mha(owner, "", leaf)
    elif leaf.type in ("TransformerEncoderLayer", "TransformerDecoderLayer"):
        spec = _layer(owner, leaf, leaf.type == "TransformerDecoderLayer")
    elif isinstance(leaf, PartLeaf) and leaf.type in ("Linear", "Dropout", "LayerNorm"):
        return []  # a part of a known class: no sub-modules (out_proj's class included)
    else:
        return None
    if spec is None:
        return None
    out: list[tuple[str, Any]] = []
    for name, what in spec:
        if isinstance(what, tuple):
            type_, torch, params = what
            out.append((name, PartLeaf(owner, prefix + name, type_, torch, params, ip)))
        else:
            out.append((name, what))
    return out


def part(leaf: Leaf, name: str, ip: Any = None) -> Any:
    """``mha.out_proj`` / ``layer.self_attn`` read as an attribute: the same torch child a walk
    yields (None when ``name`` is no child or the children are not known). It was an unknown
    value, and a write through it (``attn.out_proj.weight = proj.weight``, a tie) was lost: the
    untied count (360 where torch has 296). A write to a part now leaves the owner unresolved,
    as a walk's does; reads (``attn.out_proj.in_features``) answer as torch."""
    if leaf.type not in (
        "MultiheadAttention",
        "TransformerEncoderLayer",
        "TransformerDecoderLayer",
    ):
        return None
    for n, m in parts(leaf, ip) or ():
        if n == name:
            return m
    return None


def part_weight(leaf: Leaf, ref: Any) -> Any:
    """``part.weight``: the owner's parameter of that name (``mha.out_proj.weight``)."""
    from driftcheck.parsers.source.values.abstract import WeightRef

    if isinstance(leaf, PartLeaf) and isinstance(ref, WeightRef) and ref.owner is leaf:
        return WeightRef(leaf.part_of, f"{leaf.part_path}.{ref.name}")
    return ref
