"""A catalogue layer's class, its child modules and its absent weights, as torch answers them
(issue #16, session 18).

Code handed a model walks it by torch's own bookkeeping: bayesian-torch's ``dnn_to_bnn``
recurses while ``m._modules[name]._modules`` is non-empty and picks the replacement class by
``d.__class__.__name__ + "Flipout"`` (``getattr(bayesian_layers, "LinearFlipout")``), built
with ``bias=d.bias is not None``. Three facts about a catalogue layer (``Leaf``) answer that:

- ``layer.__class__`` / ``type(layer)``: the torch class the catalogue entry stands for (its
  ``__name__`` is the class's own name). Only when the class the code named is that class: a
  catalogue entry reached through another torch name of a different class name
  (``nn.NLLLoss2d`` -> ``NLLLoss``) stays unknown.
- ``layer._modules`` / ``children()`` / ``named_children()``: empty for a torch class that
  holds no sub-modules; unknown for the classes that do (``MultiheadAttention.out_proj``, the
  transformer layers, ``AdaptiveLogSoftmaxWithLoss``...), listed in ``MAY_HOLD_MODULES``
  (tests/test_wild_constructs18a.py checks the list against torch for every catalogue entry).
- ``layer.bias`` / ``layer.weight`` turned off by the layer's arguments
  (``nn.Linear(4, 6, bias=False).bias``, ``BatchNorm(affine=False).weight``): None, as the
  classes in ``NONE_WHEN_ABSENT`` register it (``register_parameter(name, None)``).
  Was a weight reference, so ``bias=d.bias is not None`` gave a layer with a bias torch
  does not build: a confident wrong count (53 vs torch's 51 in the test).
"""

from __future__ import annotations

from typing import Any

from driftcheck.graph import catalogue
from driftcheck.parsers.source.values.abstract import ExtClass, Leaf, Unknown, WeightRef

# torch.nn classes (short names) whose instances may hold sub-modules (measured on torch
# 2.13 over every catalogue example; ``TripletMarginWithDistanceLoss`` holds its distance
# function when that is a module)
MAY_HOLD_MODULES = frozenset(
    {
        "AdaptiveLogSoftmaxWithLoss",
        "LinearCrossEntropyLoss",
        "MultiheadAttention",
        "Transformer",
        "TransformerEncoder",
        "TransformerDecoder",
        "TransformerEncoderLayer",
        "TransformerDecoderLayer",
        "TripletMarginWithDistanceLoss",
    }
)

# torch.nn classes whose ``weight`` / ``bias`` is a Parameter or, when the arguments turn it
# off, None (``register_parameter(name, None)``), and the arguments that turn it off (all must
# be true for the parameter to exist); RNNs keep a ``bias`` flag instead, ``RMSNorm`` has no
# ``bias`` and other layers no such attribute at all
_BIAS = ("bias",)
_AFFINE = ("affine",)
# derived flags (not constructor arguments): MultiheadAttention's ``_qkv_same_embed_dim``
_SAME_QKV, _SEPARATE_QKV = "<same qkv width>", "<separate qkv widths>"
NONE_WHEN_ABSENT: dict[str, dict[str, tuple[str, ...]]] = {
    **{
        c: {"weight": (), "bias": _BIAS}
        for c in (
            "Linear",
            "Bilinear",
            "Conv1d",
            "Conv2d",
            "Conv3d",
            "ConvTranspose1d",
            "ConvTranspose2d",
            "ConvTranspose3d",
        )
    },
    **{
        c: {"weight": _AFFINE, "bias": _AFFINE}
        for c in (
            "BatchNorm1d",
            "BatchNorm2d",
            "BatchNorm3d",
            "SyncBatchNorm",
            "InstanceNorm1d",
            "InstanceNorm2d",
            "InstanceNorm3d",
            "GroupNorm",
        )
    },
    "LayerNorm": {"weight": ("elementwise_affine",), "bias": ("elementwise_affine", "bias")},
    "RMSNorm": {"weight": ("elementwise_affine",)},
    # torch builds one ``in_proj_weight`` when key and value widths equal ``embed_dim``
    # (``_qkv_same_embed_dim``), else three ``q/k/v_proj_weight``; the others are None
    "MultiheadAttention": {
        "in_proj_weight": (_SAME_QKV,),
        "q_proj_weight": (_SEPARATE_QKV,),
        "k_proj_weight": (_SEPARATE_QKV,),
        "v_proj_weight": (_SEPARATE_QKV,),
        "in_proj_bias": _BIAS,
        "bias_k": ("add_bias_kv",),
        "bias_v": ("add_bias_kv",),
    },
}


def _torch_short(leaf: Leaf, resolved: bool = True) -> str | None:
    """The torch class name of a catalogue layer, when the layer is exactly that class (and,
    with ``resolved``, all its arguments are known)."""
    q = leaf.torch
    if leaf.type == "Unknown" or not q or not q.startswith("torch.nn."):
        return None
    if resolved and leaf.unresolved:
        return None
    spec = catalogue.by_torch(q)
    if spec is None or spec.name != leaf.type or (spec.torch or q) != q:
        return None
    return q.rsplit(".", 1)[-1]


def leaf_class(leaf: Leaf) -> Any:
    """``layer.__class__`` / ``type(layer)``: the torch class, or unknown."""
    from driftcheck.parsers.source.interp.leafparts import PartLeaf

    if isinstance(leaf, PartLeaf):  # ``out_proj``'s own class (interp/leafparts.py)
        return ExtClass(str(leaf.torch), module=True)
    short = _torch_short(leaf)
    if short is None:
        return Unknown(f"class of the {leaf.type} layer")
    return ExtClass(str(leaf.torch), module=True)


def no_children(leaf: Leaf) -> bool:
    """Whether torch's instance surely holds no sub-modules (``_modules`` is empty)."""
    short = _torch_short(leaf)
    return short is not None and short not in MAY_HOLD_MODULES


def weight_attr(leaf: Leaf, name: str) -> Any:
    """``layer.weight`` / ``layer.bias``: a reference to the parameter, or None where the
    layer's arguments turn it off (see the module docstring); unknown where those arguments
    are not known. Other names and other classes: a reference, as before."""
    from driftcheck.parsers.source.interp.leafparts import PartLeaf, part_weight

    if isinstance(leaf, PartLeaf):  # a torch child of a layer (interp/leafparts.py)
        return part_weight(leaf, _weight_attr(leaf, name, leaf.type))
    return _weight_attr(leaf, name, _torch_short(leaf, resolved=False))


def surely_not_a_weight(attrs: Any, leaf: Leaf, name: str) -> bool:
    """``layer.weight`` / ``layer.bias`` of a torch layer (exactly its torch class, every
    argument known, nothing written, tied, added or removed on it) whose weights the catalogue
    lists without that name, and which never registers it as None (``NONE_WHEN_ABSENT``):
    torch's ``Module.__getattr__`` raises AttributeError (``nn.ReLU().weight``,
    ``nn.TransformerEncoderLayer(...).bias``). It was read as a reference to a weight."""
    from driftcheck.parsers.source.interp.leafparts import PartLeaf

    if isinstance(leaf, PartLeaf) or name in leaf.written:
        return False
    short = _torch_short(leaf)
    if short is None or name in NONE_WHEN_ABSENT.get(short, {}):
        return False
    if leaf.tied or leaf.owned or leaf.gone or leaf.wnorm:
        return False
    weights = attrs.weights_with(leaf, {})
    return weights is not None and name not in weights


def _weight_attr(leaf: Leaf, name: str, short: str | None) -> Any:
    from driftcheck.parsers.source.speed.symbolic import unhole
    from driftcheck.parsers.source.values.abstract import plain

    flags = NONE_WHEN_ABSENT.get(short or "", {}).get(name)
    if flags is None:
        return WeightRef(leaf, name)
    spec = catalogue.get(leaf.type)
    defaults = {p.name: p.default for p in spec.params} if spec is not None else {}
    # an argument not known is left out of ``params`` and named in ``unresolved``

    def arg(f: str) -> Any:
        if f in leaf.unresolved:
            return None
        return plain(unhole(leaf.params.get(f, defaults.get(f))))

    def flag(f: str) -> Any:
        if f not in (_SAME_QKV, _SEPARATE_QKV):
            return arg(f)
        if {"embed_dim", "kdim", "vdim"} & set(leaf.unresolved):
            return None
        e = arg("embed_dim")
        # ``self.kdim = kdim if kdim is not None else embed_dim``, the same for vdim
        widths = [e if w is None else w for w in (arg("kdim"), arg("vdim"))]
        if not all(type(w) is int for w in (e, *widths)):
            return None
        same = all(w == e for w in widths)
        return same if f == _SAME_QKV else not same

    values = [flag(f) for f in flags]
    if any(v is False for v in values):
        return None
    if all(v is True for v in values):
        return WeightRef(leaf, name)
    return Unknown(f"{leaf.type}.{name} (whether the layer has one: {', '.join(flags)})")
