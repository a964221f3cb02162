"""Forward crashes on real sizes (``check --input-shape``), session 27 (crashfix27b: fresh19's
dev misses). Each rule is torch's own check (torch 2.13, CPU; ``tests/test_crash27b.py`` runs
every verdict in torch), on facts the pass knows for certain; anything not known gives no crash:

- argument kinds torch's argument parser refuses: a tuple or list ``dim`` of a 1-D
  ``torch.fft`` transform (``fft(x, dim=(-2, -1))``; it takes one int), a string ``padding`` of
  a pooling op (``nn.MaxPool2d(3, padding="same")``: conv's strings are not pooling's), a
  Python list or tuple given to a reduction that takes one tensor (``torch.sum(losses)``);
- ``torch.linalg.solve_triangular(A, B)`` without its keyword-only ``upper`` (scipy's
  ``lower=`` does not stand in for it);
- ``torch.linalg.qr(A, mode=m)`` with a string other than ``reduced`` / ``r`` / ``complete``
  (numpy's ``"economic"``, ``"full"``);
- ``torch.diag_embed(x, offset, dim1, dim2)`` whose two dims name one axis of the result;
- ``F.instance_norm(x, use_input_stats=False)`` without both running statistics;
- ``nn.EmbeddingBag`` / ``F.embedding_bag`` with ``per_sample_weights`` in a mode other than
  ``"sum"``;
- ``F.cosine_similarity`` and ``torch.hypot`` of two tensors whose dtypes are both integer or
  bool (no floating common dtype);
- ``t.copy_(src)`` where ``src`` does not broadcast to ``t``'s shape;
- ``torch.distributions`` (``dist_table``, measured by tools/gen_dist_table.py): a family whose
  parameters must broadcast built from shapes that do not (``Normal(mu, log_std.exp())`` of
  another width), ``Independent(base, n)`` with ``n`` past the base's batch rank, ``rsample``
  of a family without it (``Categorical``, ``Bernoulli``, ``Poisson``, ...), and
  ``kl_divergence(p, q)`` of a class pair torch has no implementation for. A distribution is
  a ``DistTens``: every other rule sees a tensor of unknown shape, as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.forward.dist_table import (
    KL,
    LAST_AXIS,
    NO_RSAMPLE,
    PARAMS,
    PROBS_SCALAR,
    SCALAR,
)
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

_FFT_1D = frozenset({"fft", "ifft", "rfft", "irfft", "hfft", "ihfft"})
_QR_MODES = ("reduced", "r", "complete")
# ``F.<pool>(input, kernel_size, stride, padding, ...)``: padding is position 3
_POOLS = frozenset({"max_pool1d", "max_pool2d", "max_pool3d", "avg_pool1d", "avg_pool2d",
                    "avg_pool3d"})  # fmt: skip
_POOL_LAYERS = {"MaxPool1d": "max_pool1d", "MaxPool2d": "max_pool2d", "MaxPool3d": "max_pool3d",
                "AvgPool1d": "avg_pool1d", "AvgPool2d": "avg_pool2d", "AvgPool3d": "avg_pool3d"}  # fmt: skip
# ``torch.<name>(seq)``: the first argument must be a Tensor (measured: a list or tuple is
# torch's TypeError "argument 'input' (position 1) must be Tensor, not list")
_TENSOR_FIRST = frozenset({"sum", "mean", "prod", "max", "min", "amax", "amin", "logsumexp",
                           "argmax", "argmin", "median", "nansum", "cumsum", "cumprod",
                           "softmax", "log_softmax", "exp", "log", "abs", "sqrt", "numel",
                           "count_nonzero", "std", "var", "all", "any"})  # fmt: skip
# integer / bool dtype facts (the pass's dtype lattice)
_NOT_FLOAT = frozenset({dataflow_checks.INT, dataflow_checks.UINT8, "bool"})
_WORDS = {"uint8": "Byte", "bool": "Bool"}


def _seq_word(v: Any) -> str | None:
    if isinstance(v, list):
        return "list"
    if isinstance(v, tuple):
        return "tuple"
    return None


def _not_float(f: Any, t: Any) -> str | None:
    """torch's word for ``t``'s dtype when it is known to be integer or bool, else None."""
    if not isinstance(t, Tens):
        return None
    dt = dataflow_checks.fact(f, t, "dtype")
    if dt not in _NOT_FLOAT:
        return None
    return dataflow_checks.int_word(f, t) if dt == dataflow_checks.INT else _WORDS[dt]


_TORCH_WORD = {"float32": "float", "float64": "double", "float16": "c10::Half",
               "bfloat16": "c10::BFloat16"}  # fmt: skip


def _exact(f: Any, t: Any) -> str | None:
    """``t``'s exact floating dtype (``dataflow_fix25b.exact``), or float64 where its dtype
    fact is float64 (a buffer ``__init__`` made of float64 values), outside autocast."""
    from driftcheck.parsers.source.forward import dataflow_fix25b

    got = dataflow_fix25b.exact(f, t)
    if got is not None:
        return got if got in _TORCH_WORD else None
    if dataflow_checks.fact(f, t, "dtype") != "float64":
        return None
    return None if dataflow_fix25b.autocast_may_run(f.interp) else "float64"


def _pool_padding(name: str, pad: Any) -> str | None:
    if pad.__class__ is not str:
        return None
    if name == "avg_pool1d":
        return (
            "TypeError: avg_pool1d(): argument 'padding' (position 4) must be tuple of ints, "
            "but found element of type str at pos 0"
        )
    return f"TypeError: {name}(): argument 'padding' (position 4) must be tuple of ints, not str"


def torch_error(f: Any, q: str, args: list, kwargs: dict) -> str | None:
    """torch's error for ``torch.<...>(*args, **kwargs)`` where a rule above decides, else
    None."""
    name = q.rpartition(".")[2]
    if q.startswith("torch.fft.") and name in _FFT_1D:
        d = arg(args, kwargs, 2, "dim")
        word = _seq_word(d)
        if word is not None and len(args) <= 4:
            return f"TypeError: fft_{name}(): argument 'dim' must be int, not {word}"
        return None
    if q.startswith("torch.distributions."):
        return dist_built(f, q, args, kwargs)[0] or kl_error(q, args, kwargs)
    if q == "torch.nn.functional.linear":
        # torch's dtype rule for ``F.linear(x, w)`` is the matrix product's, measured for every
        # pair of 8 dtypes (tests/test_crash27b.py); the bias is not judged
        from driftcheck.parsers.source.forward import dataflow_dtype_ops

        x, w = arg(args, kwargs, 0, "input"), arg(args, kwargs, 1, "weight")
        err = dataflow_dtype_ops.matmul_error(f, x, w)
        if err is None and isinstance(x, Tens) and isinstance(w, Tens):
            ex, ew = _exact(f, x), _exact(f, w)
            if ex is not None and ew is not None and ex != ew:
                return (
                    "RuntimeError: expected m1 and m2 to have the same dtype, but got: "
                    f"{_TORCH_WORD[ex]} != {_TORCH_WORD[ew]}"
                )
        return err
    if q == "torch.randperm" and args and args[0].__class__ is float:
        return "TypeError: randperm(): argument 'n' (position 1) must be int, not float"
    if q == "torch.linalg.qr":
        mode = arg(args, kwargs, 1, "mode")
        if mode.__class__ is str and mode not in _QR_MODES:
            return (
                f"RuntimeError: qr received unrecognized mode '{mode}' but expected one of "
                "'reduced' (default), 'r', or 'complete'"
            )
        return None
    if q == "torch.linalg.solve_triangular":
        if len(args) <= 2 and "upper" not in kwargs:
            return (
                "TypeError: linalg_solve_triangular() missing 1 required positional "
                'arguments: "upper"'
            )
        return None
    if q == "torch.diag_embed":
        return diag_embed(args[0] if args else kwargs.get("input"), args[1:], kwargs)
    if q == "torch.nn.functional.instance_norm":
        return instance_norm(args, kwargs)
    if q == "torch.nn.functional.embedding_bag":
        mode = arg(args, kwargs, 6, "mode", "mean")
        return bag_weights(mode, arg(args, kwargs, 8, "per_sample_weights"))
    if q.startswith("torch.nn.functional.") and name in _POOLS:
        return _pool_padding(name, arg(args, kwargs, 3, "padding"))
    if q == f"torch.{name}" and name in _TENSOR_FIRST and args:
        word = _seq_word(args[0])
        if word is not None:
            if len(args) == 1 and not kwargs:
                return (
                    f"TypeError: {name}(): argument 'input' (position 1) must be Tensor, not {word}"
                )
            return f"TypeError: {name}() received an invalid combination of arguments - got ({word}, ...)"
        return None
    if q in ("torch.nn.functional.cosine_similarity", "torch.hypot") and len(args) >= 2:
        return _both_int(f, name, args[0], args[1])
    return None


def _both_int(f: Any, name: str, a: Any, b: Any) -> str | None:
    wa, wb = _not_float(f, a), _not_float(f, b)
    if wa is None or wb is None:
        return None
    if name == "hypot":
        # the common dtype of two integer tensors (or two bool ones); a bool with an integer
        # tensor is the integer one
        word = wa if wa == wb else (wb if wa == "Bool" else wa if wb == "Bool" else None)
        if word is None:
            return 'NotImplementedError: "hypot_cpu" not implemented for an integer dtype'
        return f"NotImplementedError: \"hypot_cpu\" not implemented for '{word}'"
    return "RuntimeError: expected common dtype to be floating point, yet common dtype is integral"


def diag_embed(x: Any, rest: list, kwargs: dict) -> str | None:
    """``torch.diag_embed(x, offset=0, dim1=-2, dim2=-1)`` (``rest`` after ``x``): dims of the
    result (rank ``x.dim() + 1``) that name one axis are torch's RuntimeError."""
    xs = known_shape(x)
    if xs is None:
        return None
    d1, d2 = arg(rest, kwargs, 1, "dim1", -2), arg(rest, kwargs, 2, "dim2", -1)
    r = len(xs) + 1
    if not is_int(d1) or not is_int(d2) or not (-r <= d1 < r and -r <= d2 < r):
        return None
    if d1 % r == d2 % r:
        return f"RuntimeError: diagonal dimensions cannot be identical {d1}, {d2}"
    return None


def instance_norm(args: list, kwargs: dict) -> str | None:
    """``F.instance_norm(x, running_mean=None, running_var=None, weight=None, bias=None,
    use_input_stats=True, ...)``: ``use_input_stats=False`` needs both running statistics."""
    use = arg(args, kwargs, 5, "use_input_stats", True)
    if use is not False:
        return None
    if arg(args, kwargs, 1, "running_mean") is None or arg(args, kwargs, 2, "running_var") is None:
        return (
            "RuntimeError: Expected running_mean and running_var to be defined when "
            "use_input_stats is false"
        )
    return None


def bag_weights(mode: Any, weights: Any) -> str | None:
    """``per_sample_weights`` (a tensor) in a mode other than ``"sum"``."""
    if mode.__class__ is not str or mode == "sum" or not isinstance(weights, Tens):
        return None
    if mode not in ("mean", "max"):
        return None  # another string is torch's ValueError on the mode itself
    return (
        "NotImplementedError: embedding_bag: per_sample_weights was not None. "
        f"per_sample_weights is only supported for mode='sum' (got mode='{mode}')"
    )


def leaf_error(f: Any, obj: Any, args: list, kwargs: dict) -> str | None:
    """torch's own ``nn.EmbeddingBag`` (``forward(input, offsets=None,
    per_sample_weights=None)``), pooling layers and ``nn.AdaptiveLogSoftmaxWithLoss``
    (``forward(input, target)``: every target must lie in ``[0, n_classes)``; judged on the
    ``bounds`` value fact where every value it allows is out of range)."""
    torch_cls = obj.torch if isinstance(obj.torch, str) else ""
    if not torch_cls.startswith("torch.nn.") or torch_cls.rpartition(".")[2] != obj.type:
        return None
    if obj.type == "AdaptiveLogSoftmaxWithLoss":
        from driftcheck.parsers.source.forward import dataflow_fix26

        n, target = obj.params.get("n_classes"), arg(args, kwargs, 1, "target")
        got = dataflow_fix26.bounds(f, target)
        ts = known_shape(target)
        if not is_int(n) or got is None or ts is None or 0 in ts:
            return None
        if got[0] >= n or got[1] < 0:
            return (
                f"RuntimeError: Target values should be in [0, {n - 1}], but values in range "
                f"[{got[0]}, {got[1]}] were found"
            )
        return None
    if obj.type == "EmbeddingBag":
        return bag_weights(obj.params.get("mode"), arg(args, kwargs, 2, "per_sample_weights"))
    if obj.type in _POOL_LAYERS and args and isinstance(args[0], Tens):
        fn = _POOL_LAYERS[obj.type]
        if obj.type.startswith("MaxPool") and obj.params.get("return_indices") is True:
            fn = f"{fn}_with_indices"
        return _pool_padding(fn, obj.params.get("padding"))
    return None


def method_error(f: Any, t: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``t.copy_(src)``, ``t.diag_embed(...)``, ``t.hypot(other)``."""
    if name == "copy_" and args:
        a, b = known_shape(t), known_shape(args[0])
        if a is None or b is None:
            return None
        if len(b) > len(a):
            return None if _fits(a, b) else _copy_msg(a, b)
        if not _fits(a, b):
            return _copy_msg(a, b)
        return None
    if name == "rsample" and isinstance(t, DistTens) and t.rsample is False:
        return f"NotImplementedError: {t.family}.rsample: the distribution has no rsample (has_rsample is False)"
    if name == "diag_embed":
        return diag_embed(t, args, kwargs)
    if name == "hypot" and args:
        return _both_int(f, name, t, args[0])
    return None


def _fits(a: tuple, b: tuple) -> bool:
    """``b`` broadcasts to exactly ``a``."""
    if len(b) > len(a):
        return False
    return all(y in (1, x) for x, y in zip(a[len(a) - len(b) :], b, strict=True))


def _copy_msg(a: tuple, b: tuple) -> str:
    return f"RuntimeError: copy_: a source of shape {list(b)} does not broadcast to {list(a)}"


def after_torch(f: Any, q: str, args: list, kwargs: dict, out: Any) -> None:
    """``torch.meshgrid(a, b, ...)``: torch refuses inputs of different dtypes, so every grid
    has the inputs' one dtype (kept where each input's dtype is known and all agree)."""
    if q != "torch.meshgrid" or not isinstance(out, (tuple, list)) or not args:
        return
    ins = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
    if not ins or not all(isinstance(t, Tens) for t in ins):
        return
    dts = {dataflow_checks.fact(f, t, "dtype") for t in ins}
    words = {dataflow_checks.fact(f, t, "itype") for t in ins}
    if len(dts) != 1 or None in dts or len(words) != 1:
        return
    (dt,), (word,) = dts, words
    for g in out:
        if isinstance(g, Tens):
            dataflow_checks.add_facts(f, g, replace=False, dtype=dt)
            if word is not None:
                dataflow_checks.add_facts(f, g, replace=False, itype=word)


def slice_error(v: Any, key: Any) -> str | None:
    """``x[:, :k]`` with ``k`` a Python float (``T / 2``): a tensor's, a list's or a tuple's
    slice takes ints only (torch's and Python's TypeError, a whole float included)."""
    if not isinstance(v, (Tens, list, tuple)):
        return None
    items = key if key.__class__ is tuple else (key,)
    for it in items:
        if it.__class__ is slice and any(
            p.__class__ is float for p in (it.start, it.stop, it.step)
        ):
            return "TypeError: slice indices must be integers or None or have an __index__ method"
    return None


# ---------------------------------------------------------------------- torch.distributions
@dataclass(eq=False)
class DistTens(Tens):
    """A ``torch.distributions`` object (a tensor of unknown shape to every other rule, as an
    unknown call's result is): its class, ``batch_shape`` / ``event_shape`` where known (None
    else) and ``has_rsample`` (None: not known)."""

    family: str = ""
    batch: tuple | None = None
    event: tuple | None = None
    rsample: bool | None = None


def _param_shape(v: Any) -> tuple | None:
    if v.__class__ in (int, float):
        return ()
    return known_shape(v)


def _bcast(a: tuple, b: tuple) -> tuple | None:
    n = max(len(a), len(b))
    a, b = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    if any(x != y and 1 not in (x, y) for x, y in zip(a, b, strict=True)):
        return None
    return tuple(y if x == 1 else x for x, y in zip(a, b, strict=True))


def _dist_args(name: str, args: list, kwargs: dict) -> dict | None:
    """The constructor's arguments by parameter name; None on a keyword torch's signature
    lacks or too many positional ones (another rule's verdict)."""
    params = PARAMS[name]
    if len(args) > len(params) or set(kwargs) - {*params, "validate_args"}:
        return None
    got = dict(zip(params, args, strict=False))
    got.update({k: v for k, v in kwargs.items() if k != "validate_args"})
    return got


def dist_built(f: Any, q: str, args: list, kwargs: dict) -> tuple[str | None, Any]:
    """``torch.distributions.<Name>(...)``: (torch's error, the value) where the rules above
    know the class; (None, None) else."""
    if not q.startswith("torch.distributions."):
        return None, None
    name = q.rpartition(".")[2]
    if name not in PARAMS:
        return None, None
    got = _dist_args(name, args, kwargs)
    if got is None:
        return None, None
    rs = name not in NO_RSAMPLE
    if name not in (*SCALAR, *PROBS_SCALAR, *LAST_AXIS, "Independent"):
        return None, None  # a family whose shapes the rules do not model: as before
    if name == "Independent":
        return _independent(got)
    if name in SCALAR:
        batch: tuple | None = ()
        shapes = []
        for p in PARAMS[name]:
            if p not in got:
                continue
            s = _param_shape(got[p])
            if s is None:
                batch = None
                continue
            shapes.append(s)
            nb = _bcast(batch, s) if batch is not None else None
            if batch is not None and nb is None:
                return (
                    f"RuntimeError: {name}: parameters of shapes "
                    f"{', '.join(str(list(x)) for x in shapes)} do not broadcast "
                    "(torch's broadcast_all: the size of tensor a must match the size of "
                    "tensor b at a non-singleton dimension)",
                    None,
                )
            batch = nb
        return None, DistTens(None, family=name, batch=batch, event=(), rsample=rs)
    one = [got[p] for p in ("probs", "logits") if got.get(p) is not None]
    s = known_shape(one[0]) if len(one) == 1 else None
    if s is not None and name in LAST_AXIS:
        s = s[:-1] if s else None
    return None, DistTens(
        None, family=name, batch=s, event=() if s is not None else None, rsample=rs
    )


def _independent(got: dict) -> tuple[str | None, Any]:
    base, n = got.get("base_distribution"), got.get("reinterpreted_batch_ndims")
    if not isinstance(base, DistTens):
        return None, None
    if not is_int(n) or base.batch is None or base.event is None:
        return None, DistTens(None, family="Independent", rsample=base.rsample)
    if n > len(base.batch):
        return (
            "ValueError: Expected reinterpreted_batch_ndims <= len(base_distribution.batch_shape), "
            f"actual {n} vs {len(base.batch)}",
            None,
        )
    if n < 0:
        return None, DistTens(None, family="Independent", rsample=base.rsample)
    cut = len(base.batch) - n
    return None, DistTens(
        None,
        family="Independent",
        batch=base.batch[:cut],
        event=(*base.batch[cut:], *base.event),
        rsample=base.rsample,
    )


def kl_error(q: str, args: list, kwargs: dict) -> str | None:
    """``kl_divergence(p, q)`` of two distributions of known classes with no registered
    implementation for the pair."""
    if q.rpartition(".")[2] != "kl_divergence" or not q.startswith("torch.distributions."):
        return None
    p, r = arg(args, kwargs, 0, "p"), arg(args, kwargs, 1, "q")
    if not (isinstance(p, DistTens) and isinstance(r, DistTens)):
        return None
    if p.family not in PARAMS or r.family not in PARAMS or (p.family, r.family) in KL:
        return None
    return (
        f"NotImplementedError: No KL(p || q) is implemented for p type {p.family} and q type "
        f"{r.family}"
    )


def after_subscript(f: Any, v: Any, key: Any, got: Any) -> None:
    """``ids[:, 1:]``: a basic index (ints, slices, ``None``, ``...``) takes some of ``v``'s
    values, so ``v``'s value bounds (``dataflow_fix26``) hold for the result."""
    from driftcheck.parsers.source.forward import dataflow_fix26

    if not isinstance(v, Tens) or not isinstance(got, Tens) or got is v:
        return
    items = key if key.__class__ is tuple else (key,)
    if not all(it is None or it is Ellipsis or it.__class__ in (int, slice) for it in items):
        return
    b = dataflow_fix26.bounds(f, v)
    if b is None or dataflow_checks.fact(f, got, "dtype") != dataflow_checks.INT:
        return
    if dataflow_checks.fact(f, got, "long") is not True:
        return
    dataflow_fix26.give(f, got, *b)
