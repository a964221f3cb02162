"""Forward rules of session 30 (crashfix30: fresh21's dev misses and shapefuzz batch 4). Each
is torch's own behaviour (torch 2.13, CPU; ``tests/test_crash30a.py`` runs every verdict in
torch), on facts the pass knows for certain; anything not known gives no crash:

- a ``Linear`` / ``Conv{1,2,3}d`` / ``Bilinear`` whose weights a module cast in ``__init__``
  made float16 or bfloat16 (``nn.Sequential(...).half()``, ``layer.to(torch.bfloat16)``),
  called on a tensor of another exact floating dtype (float32, float64, the other half type):
  these kernels take only the weights' own dtype (measured on every pair of the four floating
  dtypes: the layer runs iff the dtypes are equal); such a layer's output has the cast's
  exact dtype;
- ops whose tensor operands must all have one floating dtype, with no type promotion
  (``SAME_DTYPE``: ``F.linear``'s input / weight / bias, ``F.grid_sample``'s input and grid,
  ``lerp``'s input and end (a 0-d ``weight`` of another dtype runs), ``masked_scatter``'s self and source,
  ``index_copy``'s self and source, the ``scatter`` family's self and ``src``; function and
  method forms, in place or not), given two
  operands of different exact floating dtypes (``x.masked_scatter(m, feats.half())``,
  ``F.grid_sample(x, grid.double())``). Measured on every pair of float32 / float64 / float16 /
  bfloat16: each op runs iff the dtypes are equal (0-d, empty sources and masks included;
  ``grid_sample`` of an empty batch runs, so its operands are judged only on known shapes
  without a 0).
- the functional norms on known shapes: ``F.local_response_norm`` of fewer than 3 dims
  (ValueError); ``F.instance_norm`` using input statistics (the default) on one spatial element
  per channel (a ``(N, C)`` or ``(N, C, 1)`` input: ValueError); ``F.batch_norm`` whose 1-D
  running statistics / weight / bias hold another count than the channels (RuntimeError, in
  training and eval alike). Their result has the input's shape (``dataflow_torch.KEEP``).
- ``x[idx] = v`` with an advanced index (a tensor of rank >= 1, alone or in a tuple: torch's
  index put)
  and a value tensor of rank >= 1 of another exact floating dtype (RuntimeError: "Index put
  requires the source and destination dtypes match"); a basic index (ints, slices) copies and
  casts, and a bool mask with a 0-d value fills: neither is judged.
- the ``channels_last`` memory format (strides, ``dataflow_strides.KEY``, for its view rule):
  ``x.contiguous(memory_format=torch.channels_last)`` / ``x.to(memory_format=...)`` of a 4-D
  tensor has NHWC strides, and the layers of ``NHWC_LAYERS`` (convolutions, BatchNorm2d,
  GroupNorm, pools, elementwise activations, Dropout, Identity) keep them (measured in train
  and eval mode for inputs with more than one channel and more than one pixel; InstanceNorm2d
  does not keep them, and a one-channel or one-pixel input is left alone). A ``view`` across
  channels and pixels then raises (``dataflow_strides.compute_stride``).
- ``torch.multinomial(p, n)`` / ``p.multinomial(n)`` of a ``log_softmax`` / ``logsigmoid``
  result (the value fact ``nonpos``, read while no in-place write has happened): every
  probability is <= 0 or NaN, so each row either holds a negative or NaN entry or sums to 0,
  and torch raises either way (measured over shapes, dims, scales and dtypes).

Two exact-dtype facts these rules read: a factory of floating values with no ``dtype=``
(``torch.eye(n)``, ``torch.zeros(...)``, ``torch.randn(...)``...) is float32 while the analyzed
code cannot change the default dtype (the condition ``dataflow_fix25b.layer_exact`` uses), and
one given a floating ``dtype=torch.<name>`` has that dtype; the methods of ``KEEP_SELF``
(``index_fill``, ``masked_fill``, ``gather``, ``scatter_add``...) return ``self``'s dtype
whatever their other arguments (measured: float16 ``self`` with float64 values / sources); an ``nn.Embedding``'s output has
its table's dtype (float32 uncast while the default dtype cannot change; the cast's dtype).
"""

from __future__ import annotations

import math
from typing import Any

# the weights' dtype -> torch's word for it in the messages
_WORDS = {"float32": "Float", "float64": "Double", "float16": "Half", "bfloat16": "BFloat16"}


def cast_layer_input(f: Any, type_: str, cast: str | None, x: Any) -> str | None:
    """A layer of ``dataflow_checks.FLOAT_WEIGHT`` whose weights a module cast made ``cast``
    (float16 / bfloat16), called on ``x`` of another exact floating dtype: torch's error."""
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact

    if cast not in ("float16", "bfloat16") or getattr(f, "cast_in_forward", False):
        return None
    got = exact(f, x)
    if got not in _WORDS or got == cast:
        return None
    if type_ in ("Linear", "LazyLinear", "Bilinear"):
        msg = f"mat1 and mat2 must have the same dtype, but got {_WORDS[got]} and {_WORDS[cast]}"
    else:
        msg = f"Input type ({_WORDS[got]}) and weight type ({_WORDS[cast]}) should be the same"
    return (
        f"{type_}: RuntimeError: {msg} (the module was cast to {cast} in __init__; its "
        "kernels take only the weights' dtype)"
    )


def layer_exact(f: Any, type_: str, out: Any, cast: str | None) -> None:
    """A layer cast to float16 / bfloat16 in ``__init__`` that ran: its input had the weights'
    dtype (any other raises, ``cast_layer_input``), so its output has it too."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.forward.dataflow_fix25b import give_exact

    if type_ in dataflow_checks.FLOAT_WEIGHT and cast in ("float16", "bfloat16"):
        if not getattr(f, "cast_in_forward", False):
            give_exact(f, out, cast)


# op -> the operands (position after ``self`` for methods, argument position for functions,
# keyword) that must share one floating dtype; measured in tests/test_crash30a.py
_FN_OPERANDS = {
    "torch.nn.functional.linear": ((0, "input"), (1, "weight"), (2, "bias")),
    "torch.nn.functional.grid_sample": ((0, "input"), (1, "grid")),
    "torch.lerp": ((0, "input"), (1, "end")),
    "torch.masked_scatter": ((0, "input"), (2, "source")),
    "torch.index_copy": ((0, "input"), (3, "source")),
    "torch.scatter": ((0, "input"), (3, "src")),
    "torch.scatter_add": ((0, "input"), (3, "src")),
    "torch.scatter_reduce": ((0, "input"), (3, "src")),
}
_METHOD_OPERANDS = {
    "lerp": ((0, "end"),),
    "lerp_": ((0, "end"),),
    "masked_scatter": ((1, "source"),),
    "masked_scatter_": ((1, "source"),),
    "index_copy": ((2, "source"),),
    "index_copy_": ((2, "source"),),
    **{n: ((2, "src"),) for n in ("scatter", "scatter_", "scatter_add", "scatter_add_")},
    **{n: ((2, "src"),) for n in ("scatter_reduce", "scatter_reduce_")},
}
SAME_DTYPE = frozenset(_FN_OPERANDS) | frozenset(_METHOD_OPERANDS)
_WHAT = {
    "float32": "float",
    "float64": "double",
    "float16": "c10::Half",
    "bfloat16": "c10::BFloat16",
}


def _operands(args: list, kwargs: dict, spec: tuple) -> list:
    out = []
    for i, k in spec:
        v = args[i] if len(args) > i else kwargs.get(k)
        if v is not None:
            out.append(v)
    return out


def _mixed(f: Any, ts: list, sized: bool = False) -> tuple[str, str] | None:
    """Two operands of different exact floating dtypes; with ``sized``, only operands whose
    shape is known and holds no 0 count (``grid_sample`` of an empty batch runs)."""
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact
    from driftcheck.parsers.source.forward.dataflow_fix31 import dtype_options
    from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

    seen: list[str] = []
    opts: list[tuple[str, frozenset]] = []
    for t in ts:
        if not isinstance(t, Tens):
            continue
        sh = known_shape(t)
        if sized and (sh is None or 0 in sh):
            continue
        d = exact(f, t)
        if d in _WORDS:
            seen.append(d)
        got = dtype_options(f, t)  # session 31: a float64 family against the float one
        if got is not None:
            opts.append(got)
    for d in seen[1:]:
        if d != seen[0]:
            return seen[0], d
    for i, (wa, a) in enumerate(opts):
        for wb, b in opts[i + 1 :]:
            if not a & b:
                return wa, wb
    return None


def _message(op: str, pair: tuple[str, str]) -> str:
    a, b = pair
    return (
        f"RuntimeError: {op}: operands of dtypes {_WHAT.get(a, a)} and {_WHAT.get(b, b)} (torch takes only "
        "one floating dtype here, no type promotion)"
    )


def torch_error(f: Any, q: str, args: list, kwargs: dict) -> str | None:
    """``F.linear(x.double(), w)``, ``F.grid_sample(x, grid.double())``, ``torch.lerp``...;
    the functional norms' shape checks; ``multinomial`` of log-probabilities."""
    if f.input_shape is not None and q == "torch.multinomial":
        from driftcheck.parsers.source.forward.dataflow_common import arg

        return _multinomial(f, arg(args, kwargs, 0, "input"))
    if f.input_shape is not None and q in _NORMS:
        return _norm_error(q.rsplit(".", 1)[-1], args, kwargs)
    spec = _FN_OPERANDS.get(q)
    if spec is None or f.input_shape is None:
        return None
    pair = _mixed(f, _operands(args, kwargs, spec), sized=q.endswith("grid_sample"))
    return None if pair is None else _message(q.rsplit(".", 1)[-1], pair)


def method_error(f: Any, t: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``x.masked_scatter(m, feats.half())``, ``x.index_copy(0, i, src.double())``...;
    ``p.multinomial(n)`` of log-probabilities."""
    if name == "multinomial" and f.input_shape is not None:
        return _multinomial(f, t)
    spec = _METHOD_OPERANDS.get(name)
    if spec is None or f.input_shape is None:
        return None
    pair = _mixed(f, [t, *_operands(args, kwargs, spec)])
    return None if pair is None else _message(name, pair)


# factories of floating values: default dtype without ``dtype=``
FLOAT_FACTORIES = frozenset(
    {"zeros", "ones", "empty", "eye", "rand", "randn", "linspace", "logspace"}
)
_DTYPE_QUALS = {
    "torch.float32": "float32", "torch.float": "float32", "torch.float64": "float64",
    "torch.double": "float64", "torch.float16": "float16", "torch.half": "float16",
    "torch.bfloat16": "bfloat16",
}  # fmt: skip
# tensor methods whose result has ``self``'s dtype whatever the other arguments' dtypes
KEEP_SELF = frozenset(
    {
        "index_fill", "index_fill_", "masked_fill", "masked_fill_", "gather", "scatter_add",
        "scatter_add_", "index_select", "roll", "flip", "take_along_dim", "masked_scatter",
        "masked_scatter_", "index_copy", "index_copy_", "narrow", "repeat", "tile",
    }
)  # fmt: skip


def _give(f: Any, out: Any, d: str) -> None:
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.forward.dataflow_fix25b import _FAMILY, give_exact

    dataflow_checks.add_facts(f, out, replace=False, dtype=_FAMILY[d])
    give_exact(f, out, d)


def factory_made(f: Any, name: str, kwargs: dict, out: Any) -> None:
    """``torch.eye(n)`` / ``torch.randn(...)`` without ``dtype=``: float32 (while the default
    dtype cannot change); with ``dtype=torch.float64`` (a floating dtype named): that one."""
    from driftcheck.parsers.source.library import tensordtypes
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if f.input_shape is None or name not in FLOAT_FACTORIES or not isinstance(out, Tens):
        return
    if set(kwargs) - {"dtype", "device", "requires_grad"}:
        return
    if "dtype" in kwargs:
        d = _DTYPE_QUALS.get(getattr(kwargs["dtype"], "qual", None) or "")
        if d is not None:
            _give(f, out, d)
        return
    if not tensordtypes.default_may_change(f.interp):
        _give(f, out, "float32")


def after_method(f: Any, t: Any, name: str, out: Any) -> None:
    """``x.index_fill(1, idx, 0.0)`` of a tensor of exact floating dtype: that dtype;
    ``x.log_softmax(-1)``: every value <= 0."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if name == "log_softmax" and isinstance(out, Tens) and out is not t:
        dataflow_checks.add_facts(f, out, nonpos=True)

    if name not in KEEP_SELF or not isinstance(out, Tens) or out is t:
        return
    d = exact(f, t)
    if d is not None:
        _give(f, out, d)


_NORMS = frozenset(
    f"torch.nn.functional.{n}" for n in ("local_response_norm", "instance_norm", "batch_norm")
)
# F.batch_norm's per-channel arguments: (position, keyword)
_BN_PER_CHANNEL = ((1, "running_mean"), (2, "running_var"), (3, "weight"), (4, "bias"))


def _norm_error(name: str, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_common import arg, is_int
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    x = arg(args, kwargs, 0, "input")
    sh = known_shape(x)
    if not sh or not all(is_int(v) for v in sh):
        return None
    if name == "local_response_norm":
        if len(sh) < 3:
            return (
                "ValueError: Expected 3D or higher dimensionality input (got "
                f"{len(sh)} dimensions) (local_response_norm)"
            )
        return None
    if name == "instance_norm":
        if arg(args, kwargs, 5, "use_input_stats", True) is not True or len(sh) < 2:
            return None
        if math.prod(sh[2:]) == 1:
            return (
                "ValueError: Expected more than 1 spatial element when training, got input "
                f"size {list(sh)} (instance_norm uses the input's statistics)"
            )
        return None
    if len(sh) < 2:
        return None
    for i, k in _BN_PER_CHANNEL:
        s = known_shape(arg(args, kwargs, i, k))
        if s and len(s) == 1 and is_int(s[0]) and s[0] != sh[1]:
            return f"RuntimeError: {k} should contain {sh[1]} elements not {s[0]} (batch_norm)"
    return None


def lookup_exact(f: Any, type_: str, out: Any, cast: str | None) -> None:
    """An ``nn.Embedding``'s output: its table's dtype (rows are copied as they are); an
    ``nn.EmbeddingBag``'s too (its sum / mean / max of rows keeps the table's dtype: measured
    for float32 / float64 / float16 tables in every mode, crashfix31)."""
    from driftcheck.parsers.source.library import tensordtypes

    if (
        type_ not in ("Embedding", "EmbeddingBag")
        or f.input_shape is None
        or getattr(f, "cast_in_forward", False)
    ):
        return
    if cast is None and not tensordtypes.default_may_change(f.interp):
        _give(f, out, "float32")
    elif cast in _WORDS:
        _give(f, out, cast)


def setitem(run: Any, tgt: Any, v: Any, fr: Any) -> None:
    """``x[idx] = v`` with a tensor in the index (read from a local name, never re-evaluated)
    and ``v`` of rank >= 1 and another exact floating dtype than ``x``: torch's index put."""
    import ast

    from driftcheck.parsers.source.forward.dataflow_fix25b import exact
    from driftcheck.parsers.source.values.dataflow_values import Tens

    f = run.f
    if f.input_shape is None or not isinstance(v, Tens) or not isinstance(tgt.value, ast.Name):
        return
    base = fr.locals.get(tgt.value.id)
    keys = tgt.slice.elts if isinstance(tgt.slice, ast.Tuple) else [tgt.slice]
    held = [fr.locals.get(k.id) for k in keys if isinstance(k, ast.Name)]
    if not any(isinstance(t, Tens) and isinstance(t.shape, tuple) and t.shape for t in held):
        return  # a 0-d integer tensor indexes as an int (a copy that casts): not judged
    rank = len(v.shape) if isinstance(v.shape, tuple) else None  # sizes may be open
    a, b = exact(f, base), exact(f, v)
    if not rank or a not in _WORDS or b not in _WORDS or a == b:
        return
    f.crash(
        fr.loc(tgt),
        "RuntimeError: Index put requires the source and destination dtypes match, got "
        f"{_WORDS[a]} for the destination and {_WORDS[b]} for the source.",
    )


# layers that keep an NHWC (channels_last) input NHWC (tests/test_crash30a.py measures each)
NHWC_LAYERS = frozenset(
    {
        "Conv2d", "BatchNorm2d", "GroupNorm", "ReLU", "ReLU6", "GELU", "SiLU", "LeakyReLU",
        "Sigmoid", "Tanh", "Hardswish", "MaxPool2d", "AvgPool2d", "AdaptiveAvgPool2d",
        "Dropout", "Identity",
    }
)  # fmt: skip


def nhwc_strides(shape: tuple) -> tuple[int, ...]:
    """torch's channels_last strides of a 4-D shape (``get_channels_last_strides_2d``)."""
    n, c, h, w = (max(v, 1) for v in shape)
    return (h * w * c, 1, w * c, c)


def _is_nhwc(f: Any, t: Any) -> bool:
    from driftcheck.parsers.source.forward import dataflow_strides

    sh = dataflow_strides._shape(t)
    st = dataflow_strides._known(f, t)
    return sh is not None and len(sh) == 4 and st == nhwc_strides(sh)


def memory_format(f: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``x.contiguous(memory_format=torch.channels_last)`` / ``x.to(memory_format=...)``
    (the keyword alone) of a 4-D tensor of known sizes: NHWC strides."""
    from driftcheck.parsers.source.forward import dataflow_checks, dataflow_strides

    if name not in ("contiguous", "to") or args or set(kwargs) != {"memory_format"}:
        return
    sh = dataflow_strides._shape(out)
    if sh is None:
        return
    fmt = getattr(kwargs["memory_format"], "qual", None)
    if fmt == "torch.channels_last" and len(sh) == 4:
        dataflow_checks.add_facts(f, out, **{dataflow_strides.KEY: nhwc_strides(sh)})
    elif fmt == "torch.contiguous_format":
        dataflow_strides.made_contiguous(f, out)


def layer_layout(f: Any, type_: str, x: Any, out: Any) -> None:
    """A layer of ``NHWC_LAYERS`` on an NHWC input of more than one channel and pixel: an
    NHWC output."""
    from driftcheck.parsers.source.forward import dataflow_checks, dataflow_strides
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if type_ not in NHWC_LAYERS or not isinstance(out, Tens) or out is x or not _is_nhwc(f, x):
        return
    n, c, h, w = dataflow_strides._shape(x)
    sh = dataflow_strides._shape(out)
    if c > 1 and h * w > 1 and sh is not None and len(sh) == 4:
        dataflow_checks.add_facts(f, out, **{dataflow_strides.KEY: nhwc_strides(sh)})


# functions whose every result value is <= 0 (or NaN)
NONPOS_FUNCS = frozenset(
    {
        "torch.log_softmax", "torch.nn.functional.log_softmax", "torch.special.log_softmax",
        "torch.nn.functional.logsigmoid",
    }
)  # fmt: skip


def after_torch(f: Any, q: str, out: Any) -> None:
    """``F.log_softmax(x, -1)`` / ``F.logsigmoid(x)``: every value <= 0 (a value fact)."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if f.input_shape is not None and q in NONPOS_FUNCS and isinstance(out, Tens):
        dataflow_checks.add_facts(f, out, nonpos=True)


def _multinomial(f: Any, p: Any) -> str | None:
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    sh = known_shape(p)
    if not sh or len(sh) > 2 or 0 in sh or not dataflow_checks.fact(f, p, "nonpos"):
        return None
    return (
        "RuntimeError: probability tensor contains either `inf`, `nan` or element < 0 "
        "(multinomial of log-probabilities: every value is <= 0, so no row is a distribution)"
    )
