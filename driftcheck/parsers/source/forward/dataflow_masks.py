"""Forward crashes on real sizes (``check --input-shape``), session 16: attention masks,
statistics reductions and pooling indices. As in ``dataflow_args``, each check is what torch
raises on shapes the pass knows for certain; anything not known gives no crash:

- ``nn.Transformer`` / ``TransformerEncoder(Layer)`` / ``TransformerDecoder(Layer)`` called
  with masks: a 2-D attention mask is ``(target length, source length)`` of its attention
  (the encoder's ``(S, S)``, the decoder's ``(T, T)``, the memory mask ``(T, S)``), a 3-D one
  ``(batch * nhead, ...)`` of the same; a key padding mask ``(batch, length)``;
  ``nn.Transformer.generate_square_subsequent_mask(n)`` is ``(n, n)``, so a causal mask built
  for the source length and given as the target's mask is caught;
- ``F.scaled_dot_product_attention(q, k, v, attn_mask=m)``: ``m`` broadcasts to the scores
  ``(*batch, L, S)`` without widening them (torch adds it in place): a ``(B, S)`` padding
  mask not given its head and query axes fails; an integer mask (``pad.long()``) is neither
  bool, nor float, nor the query's dtype (session 24);
- ``x.std(dim)`` / ``x.var(dim)`` (``unbiased`` / ``keepdim`` positionally or by name): the
  reduced shape, as a shape-only tensor (x-vector statistics pooling: mean and std
  concatenated doubles the width);
- ``MaxPool{n}d(return_indices=True)`` returns ``(values, indices)``, an RNN ``(output,
  h_n)``: a torch layer given the pair (inside an ``nn.Sequential``, or directly) raises a
  TypeError, and ``MaxUnpool{n}d`` needs indices of its input's shape (indices of another
  pooling stage).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

_is_int = is_int
_shape = known_shape


_arg = arg  # ``dataflow_common.arg``, under the name this module's code reads


# ---------------------------------------------------------------------- transformer masks
# layer type -> (its tensor inputs, then (argument position, name, kind) of each mask):
# kind "self_src" / "self_tgt" / "cross" is an attention mask over (L, S); "kpm_src" /
# "kpm_tgt" a key padding mask over (batch, length)
_ENC = (("src",), ((1, "src_mask", "self_src"), (2, "src_key_padding_mask", "kpm_src")))
_DEC = (
    ("tgt", "memory"),
    (
        (2, "tgt_mask", "self_tgt"),
        (3, "memory_mask", "cross"),
        (4, "tgt_key_padding_mask", "kpm_tgt"),
        (5, "memory_key_padding_mask", "kpm_src"),
    ),
)
MASKED = {
    "TransformerEncoderLayer": _ENC,
    "TransformerEncoder": (("src",), ((1, "mask", "self_src"), *_ENC[1][1:])),
    "TransformerDecoderLayer": _DEC,
    "TransformerDecoder": _DEC,
    "Transformer": (
        ("src", "tgt"),
        (
            (2, "src_mask", "self_src"),
            (3, "tgt_mask", "self_tgt"),
            (4, "memory_mask", "cross"),
            (5, "src_key_padding_mask", "kpm_src"),
            (6, "tgt_key_padding_mask", "kpm_tgt"),
            (7, "memory_key_padding_mask", "kpm_src"),
        ),
    ),
}


def transformer_masks(f: Any, type_: str, params: dict, args: list, kwargs: dict, loc: Any) -> None:
    """The masks given to a torch transformer layer (``MASKED``) against its inputs' lengths.

    ``Transformer(src, tgt)``: src is the source (S), tgt the target (T); a decoder's memory
    is the source. Only 3-D inputs with a known ``batch_first`` are judged."""
    if f.input_shape is None or type_ not in MASKED:
        return
    names, masks = MASKED[type_]
    ins = [_shape(_arg(args, kwargs, i, n)) for i, n in enumerate(names)]
    bf, heads = params.get("batch_first"), params.get("nhead")
    if any(s is None or len(s) != 3 for s in ins) or not isinstance(bf, bool):
        return
    lengths = [s[1] if bf else s[0] for s in ins]
    batch = ins[0][0] if bf else ins[0][1]
    # the encoder layer's source is its own input; elsewhere the source is the second input
    src, tgt = (lengths[0], lengths[0]) if len(ins) == 1 else (lengths[1], lengths[0])
    if type_ == "Transformer":
        src, tgt = lengths[0], lengths[1]
    want = {
        "self_src": (src, src),
        "self_tgt": (tgt, tgt),
        "cross": (tgt, src),
        "kpm_src": (batch, src),
        "kpm_tgt": (batch, tgt),
    }
    for i, name, kind in masks:
        m = _shape(_arg(args, kwargs, i, name))
        if m is None:
            continue
        exp = want[kind]
        if kind.startswith("kpm"):
            bad = m != exp
        elif len(m) == 3 and _is_int(heads):
            exp = (batch * heads, *exp)
            bad = m != exp
        else:
            bad = len(m) != 2 or m != exp
        if bad:
            f.crash(loc, f"{type_}: {name} has shape {list(m)}, but torch expects {list(exp)} here")
            return


def square_mask(run: Any, args: list, kwargs: dict) -> Tens | None:
    """``nn.Transformer.generate_square_subsequent_mask(sz)``: a ``(sz, sz)`` float mask."""
    sz = _arg(args, kwargs, 0, "sz")
    if run.f.input_shape is None or not _is_int(sz) or sz < 0:
        return None
    return Tens(None, (sz, sz))


# ---------------------------------------------------------------------- SDPA's mask
def sdpa_mask(f: Any, qkv: list, mask: Any, loc: Any) -> None:
    """``F.scaled_dot_product_attention(q, k, v, attn_mask=m)``: ``m`` must broadcast to the
    scores ``(*batch, L, S)``, and their shape must stay (torch adds it to them in place)."""
    from driftcheck.parsers.source.forward import dataflow_checks

    dt = dataflow_checks.fact(f, mask, "dtype") if f.input_shape is not None else None
    if dt in (dataflow_checks.INT, dataflow_checks.UINT8):
        # an integer mask: neither bool, nor float, nor the query's dtype (measured)
        f.crash(
            loc,
            "scaled_dot_product_attention: Expected attn_mask dtype to be bool or float or to "
            f"match query dtype, but got attn_mask.dtype: {dt}",
        )
        return
    shapes = [_shape(t) for t in qkv]
    m = _shape(mask)
    if f.input_shape is None or m is None or any(s is None or len(s) < 2 for s in shapes):
        return
    q, k = shapes[0], shapes[1]
    lead = []
    for a, b in _pairs(q[:-2], k[:-2]):
        if a != b and 1 not in (a, b):
            return  # q and k do not broadcast: the op's own rule says so
        lead.append(max(a, b))
    scores = (*lead, q[-2], k[-2])
    # added to the scores in place: each mask axis is 1 or the scores' size, and the mask
    # has no more axes than the scores (a wider result does not fit them)
    if len(m) > len(scores) or any(a not in (1, b) for a, b in _pairs(m, scores)):
        f.crash(
            loc,
            f"scaled_dot_product_attention: attn_mask of shape {list(m)} does not "
            f"broadcast to the attention scores {list(scores)}",
        )


def _pairs(a: tuple, b: tuple) -> list[tuple[int, int]]:
    """Aligned sizes from the right, a missing leading axis as 1 (broadcasting)."""
    n = max(len(a), len(b))
    a2, b2 = (1,) * (n - len(a)) + tuple(a), (1,) * (n - len(b)) + tuple(b)
    return list(zip(a2, b2))


# ---------------------------------------------------------------------- std / var
def stat_reduce(t: Tens, args: list, kwargs: dict) -> Tens | None:
    """``x.std(dim, unbiased, keepdim)`` / ``x.var(...)`` (or ``correction=``): the reduced
    shape with no node (the statistics add nothing a check needs but their shape)."""
    xs = _shape(t)
    if xs is None:
        return None
    dim = args[0] if args else kwargs.get("dim")
    if isinstance(dim, bool):  # ``x.std(True)``: unbiased, every axis
        dim = None
    keep = args[2] if len(args) > 2 else kwargs.get("keepdim", False)
    if not isinstance(keep, bool):
        return None
    if dim is None:
        axes = set(range(len(xs)))
    else:
        dims = tuple(dim) if isinstance(dim, (tuple, list)) else (dim,)
        if not all(_is_int(d) and -len(xs) <= d < max(len(xs), 1) for d in dims):
            return None
        axes = {d % max(len(xs), 1) for d in dims}
    if keep:
        return Tens(None, tuple(1 if i in axes else s for i, s in enumerate(xs)))
    return Tens(None, tuple(s for i, s in enumerate(xs) if i not in axes))


# ---------------------------------------------------------------------- pooling indices
_INDEXED_POOLS = ("MaxPool", "AdaptiveMaxPool", "FractionalMaxPool")


def pool_result(f: Any, node: Any, out: Any, args: list, kwargs: dict) -> Any:
    """A torch pooling layer's result on real sizes: ``(values, indices)`` for a max pool
    with ``return_indices=True`` (the indices have the values' shape); a ``MaxUnpool``'s
    ``output_size`` replaces the default size it computed (unknown where it cannot be read).
    ``out`` itself otherwise."""
    from driftcheck.parsers.source.values.dataflow_values import Multi, ShapeOf

    if f.input_shape is None or node is None or not isinstance(out, Tens):
        return out
    if not node.type.startswith((*_INDEXED_POOLS, "MaxUnpool")):
        return out
    if node.type.startswith(_INDEXED_POOLS) and node.params.get("return_indices") is True:
        from driftcheck.parsers.source.forward.dataflow_fix29b import indices_made

        return Multi(out, (indices_made(f, Tens(None, out.shape)),))
    if node.type.startswith("MaxUnpool") and (len(args) > 2 or "output_size" in kwargs):
        size = _arg(args, kwargs, 2, "output_size")
        size = _shape(size.t) if isinstance(size, ShapeOf) else size
        n = int(node.type[-2])
        ok = isinstance(size, (tuple, list)) and len(size) >= n and out.shape is not None
        if ok and all(_is_int(d) for d in size[-n:]) and len(out.shape) >= n:
            return Tens(out.src, (*out.shape[:-n], *size[-n:]))
        return Tens(out.src)
    return out


def tuple_input(f: Any, x: Any, child: Any, loc: Any) -> None:
    """A pair given as a torch layer's input: a max pool with ``return_indices=True`` or an
    RNN's ``(output, h_n)`` handed on whole (``self.fc(self.rnn(x))``, or by ``nn.Sequential``,
    which passes each item's result to the next as one argument) is torch's TypeError. Only
    results known to be tuples of torch's own classes count (``Multi.rest`` known), given as
    the first argument of a catalogue layer of torch (``Identity`` passes them on; a torch
    class the catalogue lacks is not judged)."""
    from driftcheck.parsers.source.forward.dataflow_axes import IndexTuple, NamedPair
    from driftcheck.parsers.source.values.abstract import Leaf
    from driftcheck.parsers.source.values.dataflow_values import Multi

    # (``torch.max(h, -1)`` whole, torch's ``return_types.max``, is such a tuple too)
    pair = isinstance(x, (NamedPair, IndexTuple))  # (``torch.where(mask)``: a plain tuple)
    if f.input_shape is None or not (pair or (isinstance(x, Multi) and x.rest is not None)):
        return
    torch_layer = isinstance(child, Leaf) and str(child.torch or "").startswith("torch.nn.")
    if torch_layer and child.type not in ("Identity", "Unknown"):
        f.crash(
            loc, f"{child.type} is given a tuple (a pooling, RNN or attention result), not a tensor"
        )


def none_input(f: Any, x: Any, child: Any, loc: Any) -> bool:
    """``None`` as a torch layer's input (an optional argument left at its default,
    ``self.temb(t)`` with ``t=None``): torch's TypeError ("linear(): argument 'input' must be
    Tensor, not NoneType"). Only a catalogue layer of torch, and not ``Identity`` (which
    returns it); True when reported."""
    from driftcheck.parsers.source.values.abstract import Leaf

    if f.input_shape is None or x is not None or loc is None:
        return False
    torch_layer = isinstance(child, Leaf) and str(child.torch or "").startswith("torch.nn.")
    if torch_layer and child.type not in ("Identity", "Unknown"):
        f.crash(loc, f"TypeError: {child.type} is given None, not a tensor")
        return True
    return False


# ---------------------------------------------------------------------- layers torch refuses
_CONVS = {"Conv1d", "Conv2d", "Conv3d"}


def leaf_built(f: Any, node: Any, loc: Any) -> None:
    """A torch layer whose constructor raises, reached by forward: ``nn.Conv{n}d(...,
    stride=2, padding="same")`` is torch's ValueError (the catalogue's rule leaves such a
    node without a shape, which would otherwise read as unknown)."""
    if f.input_shape is None or node is None or node.type not in _CONVS:
        return
    stride, pad = node.params.get("stride", 1), node.params.get("padding")
    strides = stride if isinstance(stride, (tuple, list)) else (stride,)
    if pad == "same" and all(_is_int(s) for s in strides) and any(s != 1 for s in strides):
        # at the call (the layer's own line carries the catalogue's unread-parameter issue,
        # which the report does not repeat as a crash)
        f.crash(
            loc,
            f"{node.type}(padding='same', stride={stride}): padding='same' is not supported "
            "for strided convolutions (torch raises when the layer is built)",
        )
