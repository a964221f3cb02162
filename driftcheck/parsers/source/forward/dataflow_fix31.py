"""Forward rules of session 31 (crashfix31: shapefuzz batch 5 and fresh22's dev misses). Each is
torch's own behaviour (torch 2.13, CPU; ``tests/test_crash31a.py`` runs every verdict in torch),
on facts the pass knows for certain (real sizes, ``--input-shape``); anything not known gives no
crash:

- ``nn.EmbeddingBag`` / ``F.embedding_bag``: ids or offsets of a floating dtype (torch promotes
  ids and offsets to one index type, then takes int64 / int32 only: RuntimeError for every
  floating dtype, measured on float32 / float64 / float16 / bfloat16, 1-D and 2-D ids); ids of
  a rank other than 1 or 2 (ValueError); 2-D ids with an offsets tensor (ValueError);
  ``per_sample_weights`` of another shape than the ids (ValueError, whatever the mode); a
  weight not 2-D (ValueError). ``F.embedding_bag``'s result: ``(B, E)`` for 2-D ids ``(B, L)``,
  ``(n - include_last_offset, E)`` for 1-D ids and 1-D offsets ``(n,)``, with the weight's
  dtype;
- ``F.group_norm(x, g, weight, bias)``: a weight or bias tensor whose shape is not ``(C,)``
  (C = ``x.shape[1]``; RuntimeError "Expected weight to be a vector of size equal to the
  number of channels in input", measured for 1-D tensors of another length, ``(1, C)``,
  ``(2, C/2)`` and 0-d ones, empty batches and channels included);
- ``torch.view_as_complex(x)`` of a tensor whose strides are known
  (``dataflow_strides.KEY``): the last axis (of size 2) must have stride 1, every other axis
  an even stride (RuntimeError). The strides are followed further than ``dataflow_strides``
  did: ``unflatten`` / ``reshape`` / ``flatten`` (torch's ``computeStride``: a view where one
  exists, else a contiguous copy for ``reshape`` / ``flatten``), the pieces of ``unbind`` /
  ``chunk`` / ``split`` (views: ``unbind`` drops the axis), ``clone()`` and the dtype casts
  (``float()`` / ``to(dtype)`` / ``type_as``...: ``self`` when the dtype does not change, else a
  copy in the preserved format; both keep a dense layout's strides, and for a layout with gaps
  torch's ``infer_dense_strides`` keeps the axes' order, so the strides are claimed only where
  both candidates agree or the exact dtypes say which one runs);
- module dtypes: torch's affine norms (``LayerNorm``, ``GroupNorm``, ``BatchNorm*``,
  ``InstanceNorm*(affine=True)``) run iff the input has the parameters' exact dtype or the
  parameters are float32 and the input float16 / bfloat16; ``PReLU`` only on its parameters'
  dtype (a module cast in ``__init__``, or uncast float32 weights); torch's parameter-free
  layers (``KEEP_DTYPE_LAYERS``) and these norms give the input's dtype back;
- ``nn.MultiheadAttention``'s second item: None with ``need_weights=False`` (a certain None,
  handed through tuples the analyzed code builds and unpacks), else the weights of shape
  ``(N, L, S)`` / ``(N, heads, L, S)``;
- forward hooks registered in ``__init__`` run after the module (a result that is not None
  replaces its output);
- a parameter given a literal ``None`` (``RoundSTE.forward(None, z, s)``) is a certain None
  in the callee while it is not rebound (``ctx.save_for_backward``: AttributeError); a plain
  number of unknown value (``int(t) + 1``) registered / assigned as a buffer or parameter
  (``dataflow_fix30b._type_name``);
- ``repeat_interleave`` with a floating repeats tensor (function, method, repeats-only form);
- the one-dtype ops of ``dataflow_fix30.SAME_DTYPE`` also compare a ``float64`` family fact
  (``meshgrid`` / ``stack`` / promotion, no exact dtype) with an exact dtype
  (``dtype_options``); the real parts of a complex128 tensor (``.real``, ``abs``,
  ``view_as_real``, an inverse real FFT) are float64, no longer the float family
  (``dataflow_dtype_accept._real_of``: ``lerp(h.double(), fft(h.double()).real)`` was a false
  blocker);
- strides of more views: ``unsqueeze`` (torch's ``inferUnsqueezeGeometry``), ``squeeze``,
  ``expand`` / ``expand_as`` (stride 0 on new and expanded axes), ``narrow``, and basic
  indexing (``h[:, :, None]``, ``h[:, ::2]``, ``h[0]``, ``...``: torch's ``applySlicing``, left
  to right), so ``k[:, :, None].expand(...).view(...)`` (GQA's repeat of key / value heads)
  meets ``dataflow_strides``' view rule;
- the exact dtype of ``+ - * / **`` between tensors of two exact floating dtypes
  (``promoted``: torch's ``result_type``, 0-d beside dimensioned included), where before only
  equal dtypes were followed; the functional norms / pools / resampling of
  ``KEEP_DTYPE_FNS`` (``F.batch_norm``, ``F.max_pool2d``, ``F.interpolate``...) hand the
  input's exact dtype to their result;
- the out-of-place scatter / index methods (``SELF_SHAPED_METHODS``: ``index_copy``,
  ``scatter_reduce``, ``index_fill``...) have ``self``'s shape (``masked_scatter``: broadcast
  with the mask) where the pass had none; ``take_along_dim(x, idx, dim)``: each axis but
  ``dim`` broadcast, ``idx``'s size along ``dim``.
"""

from __future__ import annotations

from math import prod
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

_FLOAT = dataflow_checks.FLOAT


def _floating(f: Any, t: Any) -> bool:
    """``t`` is certainly of a floating dtype (its dtype fact, or an exact floating dtype)."""
    if not isinstance(t, Tens):
        return False
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact

    d = dataflow_checks.fact(f, t, "dtype")
    return d in (_FLOAT, "float64") or exact(f, t) is not None


_IDX_WORD = {
    "float32": "torch.FloatTensor",
    "float64": "torch.DoubleTensor",
    "float16": "torch.HalfTensor",
    "bfloat16": "CPUBFloat16Type",
}


def _bag_error(f: Any, ids: Any, w: Any, offsets: Any, psw: Any, functional: bool) -> str | None:
    """torch's ``embedding_bag`` argument checks on what is known (``w`` None: a layer's own
    2-D table)."""
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact

    xs = known_shape(ids)
    if xs is not None and len(xs) not in (1, 2):
        return f"ValueError: input has to be 1D or 2D Tensor, but got Tensor of dimension {len(xs)}"
    if functional:
        ws = known_shape(w)
        if ws is not None and len(ws) != 2:
            return (
                f"ValueError: weight has to be a 2D Tensor, but got Tensor of dimension {len(ws)}"
            )
    if xs is not None and len(xs) == 2 and isinstance(offsets, Tens):
        return (
            "ValueError: if input is 2D, then offsets has to be None, as input is treated is a "
            "mini-batch of fixed length sequences."
        )
    ps = known_shape(psw)
    if xs is not None and ps is not None and tuple(ps) != tuple(xs):
        return (
            f"ValueError: embedding_bag: If per_sample_weights (torch.Size({list(ps)})) is not "
            f"None, then it must have the same shape as the input (torch.Size({list(xs)}))"
        )
    for t in (ids, offsets):
        if _floating(f, t):
            word = _IDX_WORD.get(exact(f, t) or "", "a floating tensor")
            return (
                "RuntimeError: Expected tensor for argument #1 'indices' to have one of the "
                f"following scalar types: Long, Int; but got {word} instead (while checking "
                "arguments for embedding_bag)"
            )
    return None


def bag_leaf_error(f: Any, obj: Any, args: list, kwargs: dict) -> str | None:
    """torch's own ``nn.EmbeddingBag(...)(input, offsets=None, per_sample_weights=None)``."""
    torch_cls = obj.torch if isinstance(getattr(obj, "torch", None), str) else ""
    if f.input_shape is None or obj.type != "EmbeddingBag" or torch_cls != "torch.nn.EmbeddingBag":
        return None
    ids = arg(args, kwargs, 0, "input")
    offsets = arg(args, kwargs, 1, "offsets")
    psw = arg(args, kwargs, 2, "per_sample_weights")
    return _bag_error(f, ids, None, offsets, psw, functional=False)


def _group_norm_error(args: list, kwargs: dict) -> str | None:
    xs = known_shape(arg(args, kwargs, 0, "input"))
    if xs is None or len(xs) < 2:
        return None
    for i, name in ((2, "weight"), (3, "bias")):
        v = arg(args, kwargs, i, name)
        vs = known_shape(v)
        if vs is not None and tuple(vs) != (xs[1],):
            return (
                f"RuntimeError: Expected {name} to be a vector of size equal to the number of "
                f"channels in input, but got {name} of shape {list(vs)} and input of shape "
                f"{list(xs)}"
            )
    return None


def _complex_view_error(f: Any, x: Any) -> str | None:
    from driftcheck.parsers.source.forward import dataflow_strides

    xs = known_shape(x)
    st = dataflow_strides._known(f, x)
    if xs is None or st is None or not xs or xs[-1] != 2:
        return None
    if st[-1] != 1:
        return "RuntimeError: Tensor must have a last dimension with stride 1"
    if any(s % 2 for s, n in zip(st[:-1], xs[:-1], strict=True) if n > 1):
        return "RuntimeError: Tensor must have a stride divisible by 2 for all but last dimension"
    return None


def torch_error(f: Any, q: str, args: list, kwargs: dict) -> str | None:
    """``F.embedding_bag`` / ``F.group_norm`` / ``torch.view_as_complex`` on known facts."""
    if f.input_shape is None:
        return None
    if q == "torch.nn.functional.embedding_bag":
        return _bag_error(
            f,
            arg(args, kwargs, 0, "input"),
            arg(args, kwargs, 1, "weight"),
            arg(args, kwargs, 2, "offsets"),
            arg(args, kwargs, 8, "per_sample_weights"),
            functional=True,
        )
    if q == "torch.nn.functional.group_norm":
        return _group_norm_error(args, kwargs)
    if q == "torch.view_as_complex":
        return _complex_view_error(f, arg(args, kwargs, 0, "input"))
    if q == "torch.repeat_interleave":
        one = len(args) == 1 and "repeats" not in kwargs  # ``repeat_interleave(repeats)``
        return _repeats_error(f, args[0] if one else arg(args, kwargs, 1, "repeats"))
    return None


def method_error(f: Any, t: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``x.repeat_interleave(dur, dim=0)`` with floating repeats."""
    if f.input_shape is None or name != "repeat_interleave":
        return None
    return _repeats_error(f, arg(args, kwargs, 0, "repeats"))


def _repeats_error(f: Any, r: Any) -> str | None:
    """``repeat_interleave``'s repeats tensor of a floating dtype: torch has no kernel
    (NotImplementedError for float32 / float64 / float16 / bfloat16, any shape, measured)."""
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact

    if not _floating(f, r):
        return None
    word = {"float64": "Double", "float16": "Half", "bfloat16": "BFloat16"}.get(
        exact(f, r) or "", "Float"
    )
    return f"NotImplementedError: \"repeat_interleave_cpu\" not implemented for '{word}' (floating repeats)"


def torch_result(f: Any, q: str, args: list, kwargs: dict, out: Any) -> Any:
    """``F.embedding_bag``'s result where the pass has no shape for it: a new tensor of the
    shape and dtype torch gives (None: leave ``out``)."""
    if f.input_shape is None or known_shape(out) is not None:
        return None
    if q == "torch.take_along_dim":
        got = along_dim_shape(
            arg(args, kwargs, 0, "input"),
            arg(args, kwargs, 1, "indices"),
            arg(args, kwargs, 2, "dim"),
        )
        if got is None or not isinstance(out, Tens):
            return None
        new = Tens(out.src, got)
        from driftcheck.parsers.source.forward.dataflow_fix25b import exact, give_exact

        e = exact(f, arg(args, kwargs, 0, "input"))  # the gathered values keep their dtype
        if e is not None:
            dataflow_checks.add_facts(f, new, dtype=_FAMILY_OF[e])
            give_exact(f, new, e)
        return new
    if q != "torch.nn.functional.embedding_bag":
        return None
    xs = known_shape(arg(args, kwargs, 0, "input"))
    w = arg(args, kwargs, 1, "weight")
    ws = known_shape(w)
    if xs is None or ws is None or len(ws) != 2:
        return None
    if len(xs) == 2:
        shape = (xs[0], ws[1])
    elif len(xs) == 1:
        os_ = known_shape(arg(args, kwargs, 2, "offsets"))
        last = arg(args, kwargs, 7, "include_last_offset", False)
        if os_ is None or len(os_) != 1 or last not in (True, False):
            return None
        shape = (os_[0] - int(last), ws[1])
        if shape[0] < 0:
            return None
    else:
        return None
    new = Tens(None, shape)
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact, give_exact

    d = dataflow_checks.fact(f, w, "dtype")
    if d is not None:
        dataflow_checks.add_facts(f, new, dtype=d)
    give_exact(f, new, exact(f, w))
    return new


# ---------------------------------------------------------------------------- strides
def dense(shape: tuple, st: tuple) -> bool:
    """torch's ``is_non_overlapping_and_dense`` (c10 ``compute_non_overlapping_and_dense``)."""
    n = len(shape)
    if n == 0:
        return True
    if n == 1:
        return shape[0] < 2 or st[0] == 1
    perm = sorted(range(n), key=lambda d: (shape[d] < 2, st[d] if shape[d] >= 2 else 0))
    need = 1
    for d in perm:
        if shape[d] < 2:
            return True
        if st[d] != need:
            return False
        need *= shape[d]
    return True


def infer_dense_strides(shape: tuple, st: tuple) -> tuple[int, ...]:
    """torch's ``infer_dense_strides`` (aten/src/ATen/TensorUtils.cpp): the strides of a new
    dense tensor that keeps the axes' order of a strided one (``empty_like`` in the preserved
    format of a layout with gaps)."""
    n = len(shape)
    if n == 0:
        return ()
    if n == 1:
        return (1,)
    perm = list(range(n - 1, -1, -1))

    def cmp(d0: int, d1: int) -> int:
        s0, s1 = st[d0], st[d1]
        if s0 == 0 or s1 == 0:
            return 0
        if s0 < s1:
            return -1
        if s0 > s1:
            return 1
        return 1 if shape[d0] > shape[d1] else 0

    for i in range(1, n):
        d1 = i
        for j in range(1, i + 1):
            d0 = i - j
            c = cmp(perm[d0], perm[d1])
            if c > 0:
                perm[d0], perm[d1] = perm[d1], perm[d0]
                d1 = d0
            elif c < 0:
                break
    out = [0] * n
    cur = 1
    for d in perm:
        out[d] = cur
        if shape[d] > 1:
            cur *= shape[d]
    return tuple(out)


def preserved(shape: tuple, st: tuple) -> tuple[int, ...]:
    """The strides of a copy in ``torch.preserve_format`` (``clone()``, a dtype cast)."""
    return tuple(st) if dense(shape, st) else infer_dense_strides(shape, st)


_CASTS = {"float": "float32", "double": "float64", "half": "float16", "bfloat16": "bfloat16"}
_DT_QUALS = {
    "torch.float32": "float32", "torch.float": "float32", "torch.float64": "float64",
    "torch.double": "float64", "torch.float16": "float16", "torch.half": "float16",
    "torch.bfloat16": "bfloat16",
}  # fmt: skip


def _cast_target(f: Any, name: str, args: list, kwargs: dict) -> tuple[bool, str | None] | None:
    """For a dtype cast method: (True, the target dtype or None when not known); None when
    ``name(...)`` is not a plain dtype cast (a device, a memory format, ``copy=True``...)."""
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact

    if name in _CASTS and not args and not kwargs:
        return True, _CASTS[name]
    if name == "type_as" and len(args) == 1 and not kwargs:
        return True, exact(f, args[0])
    if name in ("to", "type") and len(args) == 1 and not kwargs:
        q = getattr(args[0], "qual", None)
        if isinstance(q, str) and q in _DT_QUALS:
            return True, _DT_QUALS[q]
    return None


def after_method(f: Any, t: Any, name: str, args: list, kwargs: dict, out: Any) -> bool:
    """The strides of ``t.<name>(...)``'s result for the methods ``dataflow_strides`` does not
    follow; True where this decided them (the caller then leaves them alone)."""
    from driftcheck.parsers.source.forward import dataflow_strides as ds
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact

    if f.input_shape is None:
        return False
    from driftcheck.parsers.source.forward.dataflow_ops import Pieces

    if isinstance(out, Pieces) and isinstance(out.t, Tens) and out.t is not t:
        from driftcheck.parsers.source.forward.dataflow_fix25b import give_exact

        give_exact(f, out.t, exact(f, t))  # the pieces of a tensor have its dtype
    st = ds._known(f, t)
    shape = ds._shape(t)
    if st is None or shape is None:
        return False
    if name == "clone" and not args and not kwargs and isinstance(out, Tens) and out is not t:
        _give(f, out, preserved(shape, st))
        return True
    cast = _cast_target(f, name, args, kwargs)
    if cast is not None and isinstance(out, Tens):
        target, src = cast[1], exact(f, t)
        same = src is not None and src == target
        other = src is not None and target is not None and src != target
        if out is t:
            # the pass gave ``t`` back: right where the dtype does not change or the layout
            # is dense (a copy keeps it); else what torch made is not ``t``
            if not (same or dense(shape, st)):
                dataflow_checks.add_facts(f, t, **{ds.KEY: None})
            return True
        if same or other or dense(shape, st):
            _give(f, out, st if same else preserved(shape, st))
        return True
    if out is t or set(kwargs) - {"dim"}:
        return False
    if name in ("unsqueeze", "squeeze", "expand", "expand_as", "narrow") and isinstance(out, Tens):
        got = view_method_strides(f, t, name, args, kwargs, out)
        if got is not None:
            _give(f, out, got)
        return True
    if name in ("unflatten", "reshape", "flatten") and isinstance(out, Tens) and not kwargs:
        new_shape = ds._shape(out)
        if new_shape is None or prod(new_shape) != prod(shape):
            return False
        got = ds.compute_stride(shape, st, new_shape)
        if got is None:
            if name == "unflatten":
                return False
            got = ds.contiguous_strides(new_shape)
        _give(f, out, got)
        return True
    if name in ("unbind", "chunk", "split") and isinstance(out, Pieces):
        n = len(shape)
        if name == "unbind":
            d = args[0] if args else kwargs.get("dim", 0)
        else:
            d = args[1] if len(args) > 1 else kwargs.get("dim", 0)
        d = ds._dim(d, n)
        if d is None:
            return False
        piece = tuple(s for i, s in enumerate(st) if i != d) if name == "unbind" else tuple(st)
        if out.t is not t:
            _give(f, out.t, piece)  # handed to each piece (``hand_pieces``)
        return True
    return False


def hand_pieces(f: Any, v: Any, items: list) -> None:
    """``q, k, v = h.unbind(2)``: each piece gets the strides and exact dtype the pieces'
    tensor ``v.t`` holds (every piece of ``unbind`` / ``chunk`` / ``split`` is a view with the
    source's strides, less the unbound axis)."""
    from driftcheck.parsers.source.forward import dataflow_strides as ds
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact, give_exact

    if f.input_shape is None or not isinstance(getattr(v, "t", None), Tens):
        return
    st, d = ds._known(f, v.t), exact(f, v.t)
    for it in items:
        if not isinstance(it, Tens):
            continue
        if d is not None:
            dataflow_checks.add_facts(f, it, replace=False, dtype=_FAMILY_OF[d])
            give_exact(f, it, d)
        if st is not None:
            _give(f, it, st)


_FAMILY_OF = {"float64": "float64", "float32": _FLOAT, "float16": _FLOAT, "bfloat16": _FLOAT}


def _give(f: Any, out: Any, st: tuple) -> None:
    from driftcheck.parsers.source.forward import dataflow_strides as ds

    sh = ds._shape(out)
    if isinstance(out, Tens) and sh is not None and len(sh) == len(st):
        dataflow_checks.add_facts(f, out, **{ds.KEY: tuple(st)})


# ---------------------------------------------------------------------------- layer dtypes
# torch layers without parameters whose output has the input's floating dtype (measured for
# float32 / float64 / float16 / bfloat16 in tests/test_crash31a.py)
KEEP_DTYPE_LAYERS = frozenset(
    {
        "ReLU", "ReLU6", "GELU", "SiLU", "Sigmoid", "Tanh", "LeakyReLU", "ELU", "SELU", "CELU",
        "Hardswish", "Hardsigmoid", "Hardtanh", "Mish", "Softplus", "Softsign", "Tanhshrink",
        "Softmax", "LogSoftmax", "Dropout", "Dropout1d", "Dropout2d", "Dropout3d",
        "AlphaDropout", "Identity", "Flatten", "Unflatten", "MaxPool1d", "MaxPool2d",
        "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d", "AdaptiveAvgPool1d",
        "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d",
        "PixelShuffle", "PixelUnshuffle", "Upsample", "ZeroPad2d", "ConstantPad1d",
        "ConstantPad2d", "ReflectionPad1d", "ReflectionPad2d", "ReplicationPad1d",
        "ReplicationPad2d", "LocalResponseNorm", "ChannelShuffle", "Softmax2d", "GLU",
        "LogSigmoid", "Threshold", "Hardshrink", "Softshrink", "Softmin",
        "UpsamplingNearest2d", "UpsamplingBilinear2d", "AdaptiveMaxPool3d", "LPPool1d",
        "LPPool2d",
    }
)  # fmt: skip
# ``torch.nn.functional`` ops whose result has the input's floating dtype (measured where
# they run, every floating input dtype, and the norms with statistics / affine tensors of
# each floating dtype): the exact dtype is handed on
KEEP_DTYPE_FNS = frozenset(
    f"torch.nn.functional.{n}"
    for n in (
        "batch_norm", "layer_norm", "group_norm", "instance_norm", "local_response_norm",
        "rms_norm", "avg_pool1d", "avg_pool2d", "avg_pool3d", "max_pool1d", "max_pool2d",
        "max_pool3d", "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d",
        "adaptive_max_pool1d", "adaptive_max_pool2d", "interpolate", "pad", "pixel_shuffle",
        "pixel_unshuffle", "dropout1d", "dropout2d", "dropout3d", "glu", "logsigmoid",
        "hardtanh", "softsign", "tanhshrink", "softmin",
    )
)  # fmt: skip


def fn_output(f: Any, q: str, args: list, kwargs: dict, out: Any) -> None:
    """``F.batch_norm(x, ...)`` / ``F.max_pool2d(x, 2)``...: the input's exact dtype."""
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact, give_exact

    if f.input_shape is None or q not in KEEP_DTYPE_FNS or not isinstance(out, Tens):
        return
    if "dtype" in kwargs or kwargs.get("return_indices") is not None:
        return
    x = arg(args, kwargs, 0, "input")
    if not isinstance(x, Tens) or out is x:
        return
    e = exact(f, x)
    if e is not None:
        dataflow_checks.add_facts(f, out, replace=False, dtype=_FAMILY_OF[e])
        give_exact(f, out, e)


# norms with affine parameters (the flag that makes them and its default): they run iff the
# input has the parameters' dtype, or the parameters are float32 and the input float16 /
# bfloat16 (CPU's mixed kernels); the output has the input's dtype (measured on every pair of
# the four floating dtypes, train and eval)
AFFINE_NORMS = {
    "LayerNorm": ("elementwise_affine", True),
    "GroupNorm": ("affine", True),
    "BatchNorm1d": ("affine", True),
    "BatchNorm2d": ("affine", True),
    "BatchNorm3d": ("affine", True),
    "InstanceNorm1d": ("affine", False),
    "InstanceNorm2d": ("affine", False),
    "InstanceNorm3d": ("affine", False),
}
# layers whose parameters must have the input's dtype exactly (no mixed kernel)
STRICT_PARAM_LAYERS = frozenset({"PReLU"})
_NORM_KEEP = frozenset({"RMSNorm", *AFFINE_NORMS, *STRICT_PARAM_LAYERS})


def _torch_leaf(leaf: Any) -> bool:
    cls = getattr(leaf, "torch", None)
    return isinstance(cls, str) and cls == f"torch.nn.{getattr(leaf, 'type', None)}"


def _param_dtype(f: Any, node: Any) -> str | None:
    """The exact dtype of a torch layer's parameters: the module cast's in ``__init__``, or
    float32 for an uncast layer while the default dtype cannot change."""
    from driftcheck.parsers.source.forward.dataflow_checks import _cast, _cast_dtype
    from driftcheck.parsers.source.library import tensordtypes

    if getattr(f, "cast_in_forward", False):
        return None
    cast = _cast_dtype(f, node)
    if cast in _FAMILY_OF:
        return cast
    if not _cast(f, node) and not tensordtypes.default_may_change(f.interp):
        return "float32"
    return None


def param_dtype_error(f: Any, node: Any, x: Any) -> str | None:
    """A norm with affine parameters / a PReLU, torch's own, called on ``x`` of an exact
    floating dtype its parameters do not take (``nn.LayerNorm(d).half()`` on float32)."""
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact

    if f.input_shape is None or node is None:
        return None
    leaf = f.b.objs.get(node.id)
    if leaf is None or not _torch_leaf(leaf):
        return None
    if node.type in AFFINE_NORMS:
        key, default = AFFINE_NORMS[node.type]
        if node.params.get(key, default) is not True:
            return None
    elif node.type not in STRICT_PARAM_LAYERS:
        return None
    p, got = _param_dtype(f, node), exact(f, x)
    if p is None or got is None or got == p:
        return None
    if node.type in AFFINE_NORMS and p == "float32" and got in ("float16", "bfloat16"):
        return None  # the mixed kernels
    return (
        f"{node.type}: RuntimeError: the input is {got} but the parameters are {p} (torch's "
        f"{node.type} takes its parameters' dtype"
        + (
            ", or float32 parameters with a float16 / bfloat16 input)"
            if node.type in AFFINE_NORMS
            else ")"
        )
    )


def layer_output(f: Any, leaf: Any, x: Any, out: Any) -> None:
    """The output of torch's parameter-free layers (``KEEP_DTYPE_LAYERS``) and norms has the
    input's dtype: its family and exact dtype are handed on."""
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact, give_exact

    if f.input_shape is None or not isinstance(out, Tens) or out is x or not isinstance(x, Tens):
        return
    if leaf.type not in KEEP_DTYPE_LAYERS and leaf.type not in _NORM_KEEP:
        return
    if not _torch_leaf(leaf):
        return
    d = dataflow_checks.fact(f, x, "dtype")
    if d in (_FLOAT, "float64"):
        dataflow_checks.add_facts(f, out, replace=False, dtype=d)
    e = exact(f, x)
    if e is not None:
        give_exact(f, out, e)


# ---------------------------------------------------------------------------- attention weights
def mha_weights(f: Any, node: Any, args: list, kwargs: dict) -> Any:
    """The second item of torch's ``nn.MultiheadAttention(query, key, value, ...)``: None
    with ``need_weights=False``; else the weights, ``(N, L, S)`` averaged over the heads or
    ``(N, heads, L, S)`` with ``average_attn_weights=False`` (batch first whatever the
    layer's ``batch_first``; ``(L, S)`` / ``(heads, L, S)`` for an unbatched 2-D query), the
    query's dtype. UNK where an argument is not known."""
    from driftcheck.parsers.source.values.dataflow_values import UNK

    need = arg(args, kwargs, 4, "need_weights", True)
    if need is False:
        return None
    avg = arg(args, kwargs, 6, "average_attn_weights", True)
    if need is not True or avg not in (True, False):
        return UNK
    qs, ks = known_shape(arg(args, kwargs, 0, "query")), known_shape(arg(args, kwargs, 1, "key"))
    heads, bf = node.params.get("num_heads"), node.params.get("batch_first", False)
    if qs is None or ks is None or len(qs) != len(ks) or heads.__class__ is not int:
        return UNK
    if bf not in (True, False):
        return UNK
    if len(qs) == 2:
        lead: tuple = ()
        tl, sl = qs[0], ks[0]
    elif len(qs) == 3:
        lead = (qs[0],) if bf else (qs[1],)
        tl, sl = (qs[1], ks[1]) if bf else (qs[0], ks[0])
    else:
        return UNK
    shape = (*lead, tl, sl) if avg else (*lead, heads, tl, sl)
    w = Tens(None, shape)
    q = arg(args, kwargs, 0, "query")
    d = dataflow_checks.fact(f, q, "dtype")
    if d in (_FLOAT, "float64"):
        dataflow_checks.add_facts(f, w, dtype=d)
    return w


# ---------------------------------------------------------------------------- certain Nones
# A None the pass holds is not always certain (a stale ``__init__`` attribute), so Python's
# TypeError for ``None @ t`` is claimed only for a name every store of which binds a certain
# None (``dataflow_eval.sure_none``). Besides ``name = None``, a store is certain where it
# unpacks an item of a sequence known to hold a certain None there: torch's
# ``nn.MultiheadAttention(..., need_weights=False)`` result, or a tuple built in the analyzed
# code (``return out, w``) from names that are certainly None.
def _seqs(f: Any) -> dict:
    got = getattr(f, "_sure_none_seqs", None)
    if got is None:
        got = {}
        f._sure_none_seqs = got
    return got


def sure_none_stores(f: Any) -> set:
    got = getattr(f, "_sure_none_stores", None)
    if got is None:
        got = set()
        f._sure_none_stores = got
    return got


def mark_sure_none(f: Any, seq: Any, idx: set) -> Any:
    """``seq`` holds a certain None at the positions ``idx``."""
    if f.input_shape is not None and idx:
        _seqs(f)[id(seq)] = (seq, frozenset(idx))
    return seq


def tuple_made(run: Any, e: Any, fr: Any, seq: Any) -> None:
    """``(out, w)`` built from names: the positions holding a certain None."""
    import ast

    if run.f.input_shape is None or not isinstance(seq, tuple) or len(seq) != len(e.elts):
        return
    idx = set()
    for i, (x, v) in enumerate(zip(e.elts, seq, strict=True)):
        if v is None and isinstance(x, ast.Name) and run.sure_none(None, x, fr) is None:
            idx.add(i)
    mark_sure_none(run.f, seq, idx)


def unpacked(f: Any, tgt: Any, v: Any) -> None:
    """``a, w = seq``: the stores of the names at a certain None's positions are certain."""
    import ast

    if f.input_shape is None:
        return
    got = _seqs(f).get(id(v))
    idx = got[1] if got is not None and got[0] is v else frozenset()
    stores = sure_none_stores(f)
    for i, e in enumerate(tgt.elts):
        if isinstance(e, ast.Name):
            if i in idx:
                stores.add(id(e))
            else:
                stores.discard(id(e))  # this time the store binds something else


# ---------------------------------------------------------------------------- forward hooks
def forward_hooks(
    calls: Any, mod: Any, args: list, kwargs: dict, out: Any, fr: Any, at: Any
) -> Any:
    """``m(x)`` of a module with forward hooks registered in ``__init__``
    (``interp/fwdhooks``): torch's ``Module._call_impl`` calls each ``hook(module, args,
    output)`` (``hook(module, args, kwargs, output)`` registered ``with_kwargs=True``) after
    ``forward``, in order, with the inputs the pre-hooks made (``dataflow_fix36``), and a
    result that is not None replaces the output (``return out[:, :4]``). The hooks are read
    from the very module called, not the repeated block standing for it (each block carries
    its own). A hook registered under a condition, or one the pass cannot call, leaves the
    output unknown."""
    from driftcheck.parsers.source.forward import dataflow_fix36
    from driftcheck.parsers.source.interp.fwdhooks import hooks_of
    from driftcheck.parsers.source.values.dataflow_values import UNK, Mod

    run = calls.run
    obj = dataflow_fix36.own_module(run.f, mod.obj)
    if run.f.input_shape is not None and hooks_of(obj):
        from driftcheck.parsers.source.forward import dataflow_fix34b

        if dataflow_fix34b.hook_arity(run, obj, fr.loc(at) if fr is not None else None):
            return Tens(None) if isinstance(out, Tens) else UNK  # a hook of the wrong arity
    hooks = [h for h in hooks_of(obj) if not h.pre]
    if run.f.input_shape is None or not hooks:
        return out
    for h in hooks:
        fn = dataflow_fix36.hook_callable(run, h)
        if fn is None:
            return Tens(None) if isinstance(out, Tens) else UNK
        given = [Mod(obj), tuple(args), *([dict(kwargs)] if h.with_kwargs else []), out]
        got = calls.call_value(fn, given, {}, fr, at)
        if got is None:
            continue
        out = got
    return out


def none_literals(f: Any, fv: Any, e: Any) -> None:
    """``RoundSTE.forward(None, z, step)``: the positions and keywords given a literal None,
    for the callee's frame (``bound_none_literals``): such a parameter is certainly None
    while the function does not rebind it."""
    import ast

    node = getattr(getattr(fv, "func", None), "node", None)
    f._none_args = None
    if node is None or any(isinstance(a, ast.Starred) for a in e.args):
        return
    pos = {i for i, a in enumerate(e.args) if isinstance(a, ast.Constant) and a.value is None}
    kws = {
        k.arg
        for k in e.keywords
        if k.arg is not None and isinstance(k.value, ast.Constant) and k.value.value is None
    }
    if pos or kws:
        f._none_args = (node, pos, kws)


def bound_none_literals(f: Any, node: Any, fr: Any, has_self: bool) -> None:
    pend = getattr(f, "_none_args", None)
    if pend is None or pend[0] is not node:
        return
    f._none_args = None
    params = [p.arg for p in (*node.args.posonlyargs, *node.args.args)]
    for i in pend[1]:
        j = i + (1 if has_self else 0)
        if j < len(params) and fr.locals.get(params[j], 0) is None:
            fr.defaulted.add(params[j])
    for k in pend[2]:
        if k in params and fr.locals.get(k, 0) is None:
            fr.defaulted.add(k)


# ---------------------------------------------------------------------------- dtype families
def dtype_options(f: Any, t: Any) -> tuple[str, frozenset] | None:
    """The floating dtypes ``t`` may have, where the pass knows them: its exact dtype, or the
    ``float64`` family (one dtype: ``.double()``, ``dtype=torch.float64``). The ``float``
    family is not used: the pass gives it to some float64 results too (``.real`` /
    ``view_as_real`` of a complex128 tensor). With a word for the message; None where not
    known (or under autocast)."""
    from driftcheck.parsers.source.forward.dataflow_fix25b import autocast_may_run, exact

    if f.input_shape is None or not isinstance(t, Tens) or autocast_may_run(f.interp):
        return None
    e = exact(f, t)
    if e is not None:
        return e, frozenset({e})
    if dataflow_checks.fact(f, t, "dtype") == "float64":
        return "float64", frozenset({"float64"})
    return None


# ---------------------------------------------------------------------------- more view strides
def unsqueeze_strides(shape: tuple, st: tuple, d: int) -> tuple:
    """torch's ``inferUnsqueezeGeometry``: the new axis ``d`` (0 <= d <= rank) has stride
    ``shape[d] * st[d]``, or 1 at the end."""
    new = 1 if d >= len(shape) else shape[d] * st[d]
    return (*st[:d], new, *st[d:])


def expand_strides(shape: tuple, st: tuple, sizes: tuple) -> tuple | None:
    """torch's ``inferExpandGeometry``: new leading axes and expanded size-1 axes have stride
    0; None where the expansion is not valid (the shape rule says so)."""
    n, m = len(shape), len(sizes)
    if m < n:
        return None
    out = []
    for i in range(m):
        j = i - (m - n)
        want = sizes[i]
        if j < 0:
            if want.__class__ is not int or want < 0:
                return None
            out.append(0)
            continue
        if want == -1 or want == shape[j]:
            out.append(st[j])
        elif shape[j] == 1 and want.__class__ is int and want >= 0:
            out.append(0)
        else:
            return None
    return tuple(out)


def index_strides(shape: tuple, st: tuple, key: Any) -> tuple | None:
    """The strides of ``t[key]`` for basic indexing: ints (the axis goes), slices with int /
    None bounds (stride times the step), None (a new axis, as ``unsqueeze``), one Ellipsis.
    None for any other key (advanced indexing copies)."""
    keys = list(key) if isinstance(key, tuple) else [key]
    if sum(k is Ellipsis for k in keys) > 1:
        return None
    for k in keys:
        if not (k is None or k is Ellipsis or k.__class__ is int or isinstance(k, slice)):
            return None
        if isinstance(k, slice) and not all(
            x is None or x.__class__ is int for x in (k.start, k.stop, k.step)
        ):
            return None
    used = sum(1 for k in keys if k is not None and k is not Ellipsis)
    if used > len(shape):
        return None
    # torch's ``applySlicing``: left to right on the tensor so far, a cursor over its axes
    sh, out, d = list(shape), list(st), 0
    for k in keys:
        if k is Ellipsis:
            d += len(shape) - used
        elif k is None:
            new = 1 if d >= len(sh) else sh[d] * out[d]
            sh.insert(d, 1)
            out.insert(d, new)
            d += 1
        elif k.__class__ is int:
            if not -sh[d] <= k < sh[d]:
                return None
            del sh[d], out[d]
        else:
            step = 1 if k.step is None else k.step
            if step <= 0:
                return None
            sh[d] = len(range(*k.indices(sh[d])))
            out[d] *= step
            d += 1
    return tuple(out)


def view_method_strides(
    f: Any, t: Any, name: str, args: list, kwargs: dict, out: Any
) -> tuple | None:
    """The strides of ``unsqueeze`` / ``squeeze`` / ``expand`` / ``expand_as`` / ``narrow``
    results (views), from ``t``'s known strides; None where not decided."""
    from driftcheck.parsers.source.forward import dataflow_strides as ds

    st, shape, osh = ds._known(f, t), ds._shape(t), ds._shape(out)
    if st is None or shape is None or osh is None or set(kwargs) - {"dim"}:
        return None
    n = len(shape)
    if name == "unsqueeze":
        d = args[0] if args else kwargs.get("dim")
        if d.__class__ is not int or not -n - 1 <= d <= n:
            return None
        return unsqueeze_strides(shape, st, d % (n + 1))
    if name == "squeeze":
        if not args and not kwargs:
            return tuple(s for s, k in zip(st, shape, strict=True) if k != 1)
        d = args[0] if args else kwargs.get("dim")
        dims = d if isinstance(d, (tuple, list)) else (d,)
        idx = {ds._dim(x, n) for x in dims}
        if None in idx:
            return None
        return tuple(
            s for i, (s, k) in enumerate(zip(st, shape, strict=True)) if not (i in idx and k == 1)
        )
    if name in ("expand", "expand_as") and args:
        if kwargs:
            return None
        if name == "expand_as":
            sizes = ds._shape(args[0])
        else:
            sizes = (
                tuple(args[0])
                if len(args) == 1 and isinstance(args[0], (tuple, list))
                else tuple(args)
            )
        if sizes is None or not all(s.__class__ is int for s in sizes):
            return None
        return expand_strides(shape, st, sizes)
    if name == "narrow" and len(args) == 3 and not kwargs:
        return tuple(st) if ds._dim(args[0], n) is not None else None
    return None


def after_subscript(f: Any, v: Any, key: Any, got: Any) -> None:
    """``h[:, :, None]``: the strides of a basic index's view."""
    from driftcheck.parsers.source.forward import dataflow_strides as ds

    if f.input_shape is None or not isinstance(v, Tens) or not isinstance(got, Tens) or got is v:
        return
    st, shape = ds._known(f, v), ds._shape(v)
    if st is None or shape is None:
        return
    new = index_strides(shape, st, key)
    if new is not None:
        _give(f, got, new)


# ---------------------------------------------------------------------------- promotion
_RANK = {"float16": 0, "bfloat16": 0, "float32": 1, "float64": 2}


def promoted(da: str | None, sa: Any, db: str | None, sb: Any) -> str | None:
    """The exact dtype of ``a + b`` (``- * / **``) for two tensors of exact floating dtypes
    ``da`` / ``db`` and known shapes (torch's ``result_type``): a 0-d tensor beside a
    dimensioned one takes the dimensioned one's dtype (one category); otherwise the wider
    dtype, float32 for float16 with bfloat16. None where a shape is not known."""
    if da not in _RANK or db not in _RANK or sa is None or sb is None:
        return None
    if (len(sa) == 0) != (len(sb) == 0):
        return da if len(sa) else db
    if da == db:
        return da
    if _RANK[da] != _RANK[db]:
        return da if _RANK[da] > _RANK[db] else db
    return "float32"  # float16 with bfloat16


# ---------------------------------------------------------------------------- self-shaped results
# methods whose out-of-place result has ``self``'s shape (the scatter / index families; measured
# in tests/test_crash31a.py); ``masked_scatter`` broadcasts ``self`` with the mask
SELF_SHAPED_METHODS = frozenset(
    {"scatter", "scatter_add", "scatter_reduce", "index_fill", "index_copy", "index_add",
     "index_reduce", "select_scatter", "slice_scatter", "diagonal_scatter", "masked_scatter"}
)  # fmt: skip


def self_shaped(f: Any, t: Any, name: str, args: list, kwargs: dict, out: Any) -> Any:
    """``x.index_copy(0, idx, src)`` / ``x.scatter_reduce(...)``...: a tensor of ``x``'s shape
    where the pass had none (the op's node has no shape rule); ``out`` otherwise."""
    from driftcheck.parsers.source.forward.dataflow_common import broadcast

    if name == "take_along_dim" and isinstance(out, Tens) and known_shape(out) is None:
        got = along_dim_shape(t, arg(args, kwargs, 0, "indices"), arg(args, kwargs, 1, "dim"))
        return out if got is None or f.input_shape is None else Tens(out.src, got)
    if f.input_shape is None or name not in SELF_SHAPED_METHODS or not isinstance(out, Tens):
        return out
    if out is t or known_shape(out) is not None:
        return out
    shape = known_shape(t)
    if shape is None:
        return out
    if name == "masked_scatter":
        ms = known_shape(arg(args, kwargs, 0, "mask"))
        if ms is None:
            return out
        got = broadcast(tuple(shape), tuple(ms))
        if got is None:
            return out  # not broadcastable: the op's own check says so
        shape = got
    return Tens(out.src, tuple(shape))


def along_dim_shape(x: Any, idx: Any, dim: Any) -> tuple | None:
    """``torch.take_along_dim(x, idx, dim)``'s shape (an int ``dim``, ranks equal): each axis
    but ``dim`` broadcast between ``x`` and ``idx``, ``idx``'s size along ``dim``. None where
    not known or where torch refuses (its own check reports that)."""
    from driftcheck.parsers.source.forward.dataflow_common import broadcast

    xs, js = known_shape(x), known_shape(idx)
    if xs is None or js is None or dim.__class__ is not int or len(xs) != len(js) or not xs:
        return None
    if not -len(xs) <= dim < len(xs):
        return None
    d = dim % len(xs)
    out = []
    for i, (a, b) in enumerate(zip(xs, js, strict=True)):
        if i == d:
            out.append(b)
            continue
        got = broadcast((a,), (b,))
        if got is None:
            return None
        out.append(got[0])
    return tuple(out)


@hooks.before(200)  # ``f(None, x)``: certain Nones (last before the call)
def _none_hook(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.dataflow_values import UserFunc

    if isinstance(fv, UserFunc):
        none_literals(run.f, fv, e)
