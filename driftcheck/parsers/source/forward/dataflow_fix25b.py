"""Forward crashes on real sizes (``check --input-shape``), session 25 (crashfix25b). Each rule
is torch's own check (torch 2.13, CPU; ``tests/test_crash25b.py`` runs every verdict in
torch), on facts the pass knows for certain; anything not known gives no crash:

- exact floating dtypes (fact ``exact``): ``x.double()`` / ``.float()`` / ``.half()`` /
  ``.bfloat16()`` give float64 / float32 / float16 / bfloat16 whatever the default dtype; a
  Parameter or buffer ``__init__`` made gives its factory's dtype, and an uncast Linear /
  convolution gives its weight's float32, while the analyzed code cannot change the default
  dtype. No exact dtype is read where the analyzed code may run ``torch.autocast`` (it changes
  what those ops return). Two floating tensors of different exact dtypes then make a matrix
  product raise ("expected m1 and m2 to have the same dtype"; torch does not promote there)
  and ``F.scaled_dot_product_attention`` raise ("Expected query, key, and value to have the
  same dtype");
- an ``nn.RNN`` / ``LSTM`` / ``GRU`` with float32 weights (not cast) fed float64 or complex:
  "RNN input dtype ... does not match weight dtype" (a ValueError, even on an empty input);
- ``torch.tensor_split(x, n)`` with an int ``n <= 0``: "number of sections must be larger
  than 0";
- ``F.cross_entropy`` / ``F.nll_loss`` on an integer or bool input: no kernel for it;
- ``F.binary_cross_entropy`` (and ``nn.BCELoss``) with an integer, uint8 or bool target: the
  target must have the input's floating dtype ("Found dtype Long but expected Float");
- ``scatter`` / ``scatter_add`` / ``scatter_reduce`` with a floating or bool index of known,
  non-empty shape: "Expected dtype int32/int64 for index";
- ``F.margin_ranking_loss(a, b, y)``: the three have the same rank and broadcast together;
- ``F.cosine_embedding_loss(x1, x2, y)``: ``y`` is 0-D (1-D inputs) or 1-D (2-D inputs), the
  inputs broadcast, and ``y`` broadcasts with the batch of cosines;
- ``einops.reduce(x, pattern, reduction)`` with a string reduction none of einops' releases
  knows (``min``, ``max``, ``sum``, ``mean``, ``prod``, ``any``, ``all``): EinopsError.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.forward.dataflow_common import arg, broadcast
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

EXACT = "exact"  # fact key: the tensor's exact floating dtype name, where its source fixes it
_FAMILY = {"float64": "float64", "float32": "float", "float16": "float", "bfloat16": "float"}
# torch's names of the dtypes in its messages
_C10 = {
    "float64": "double",
    "float32": "float",
    "float16": "c10::Half",
    "bfloat16": "c10::BFloat16",
}
# the casts whose result dtype is fixed whatever the default dtype
CASTS = {"double": "float64", "float": "float32", "half": "float16", "bfloat16": "bfloat16"}


def autocast_may_run(interp: Any) -> bool:
    """Whether the analyzed code may run under ``torch.autocast`` (the text of a module the
    analysis loaded names it): the dtypes of layer outputs and products are open there."""
    got = getattr(interp, "autocast_named", None)
    if isinstance(got, bool):
        return got
    mods = getattr(interp, "mods", None)
    if not isinstance(mods, dict):
        return True
    named = False
    for key, info in list(mods.items()):
        if isinstance(key, str) and key.startswith("@torch:"):
            # torch's own source the pass read (``nn.MultiheadAttention``'s fast path asks
            # ``torch.is_autocast_enabled()``): torch's modules never enter autocast themselves
            continue  # (session 28, crashfix28b)
        path = getattr(info, "path", None)
        try:
            text = path.read_text(errors="replace") if path is not None else ""
        except OSError:
            text = "autocast"
        if "autocast" in text:
            named = True
            break
    try:
        interp.autocast_named = named
    except AttributeError:
        pass
    return named


def give_exact(f: Any, t: Any, dtype: str | None) -> None:
    """Remember ``t``'s exact floating dtype (kept beside its ``dtype`` family fact)."""
    if dtype in _FAMILY and isinstance(t, Tens) and f.input_shape is not None:
        dataflow_checks.add_facts(f, t, replace=True, **{EXACT: dtype})


def exact(f: Any, t: Any) -> str | None:
    """``t``'s exact floating dtype, when its source fixed it and its dtype fact agrees."""
    if f.input_shape is None or not isinstance(t, Tens):
        return None
    d = dataflow_checks.fact(f, t, EXACT)
    if d not in _FAMILY or dataflow_checks.fact(f, t, "dtype") != _FAMILY[d]:
        return None
    if autocast_may_run(f.interp):
        return None
    return d


# ``Tensor.to`` keywords that leave the dtype as it is
_LAYOUT_ONLY = frozenset({"memory_format", "non_blocking", "copy"})


def after_method(f: Any, t: Any, name: str, args: list, kwargs: dict, out: Any) -> None:
    """``t.view(...)`` / ``.transpose(...)`` / ... of a tensor of exact dtype: the same dtype
    (``dataflow_dtype_ops.KEEPS`` with size arguments); ``t.to(torch.float64)``: float64."""
    from driftcheck.parsers.source.forward import dataflow_dtype_ops

    if not isinstance(out, Tens) or out is t:
        return
    if name == "to":
        given = [
            a for a in [*args, kwargs.get("dtype")] if a is not None and not isinstance(a, str)
        ]
        q = getattr(given[0], "qual", None) if given else None
        name_ = q.rsplit(".", 1)[-1] if isinstance(q, str) else None
        got = {"double": "float64", "float": "float32", "half": "float16"}.get(name_, name_)
        if got in _FAMILY and len(given) == 1:
            give_exact(f, out, got)
        elif not args and kwargs and set(kwargs) <= _LAYOUT_ONLY:
            d = exact(f, t)  # ``t.to(memory_format=torch.channels_last)``: its dtype
            if d is not None:
                dataflow_checks.add_facts(f, out, replace=False, dtype=_FAMILY[d])
                give_exact(f, out, d)
        return
    d = exact(f, t)
    if d is None:
        return
    # (``memory_format=`` changes strides only: ``x.contiguous(memory_format=...)``)
    kept = [v for k, v in kwargs.items() if k != "memory_format"]
    sized = all(dataflow_dtype_ops._size_like(a) for a in [*args, *kept])
    if name in dataflow_dtype_ops.KEEPS and sized:
        give_exact(f, out, d)
    elif name.rstrip("_") in UNARY and "dtype" not in kwargs and "out" not in kwargs:
        if all(_plain(a) for a in [*args, *kwargs.values()]):  # not ``softmax(-1, torch.half)``
            dataflow_checks.add_facts(f, out, replace=False, dtype=_FAMILY[d])
            give_exact(f, out, d)


def _plain(v: Any) -> bool:
    """A number, bool, string or None (a dim, a slope, ``approximate="tanh"``), or a tuple of
    them: never a dtype or a tensor."""
    if isinstance(v, tuple):
        return all(_plain(x) for x in v)
    return v is None or isinstance(v, (int, float, str))


def binop(f: Any, op: Any, a: Any, b: Any, out: Any) -> None:
    """``x.double() * 2``, ``q @ k.transpose(-1, -2)`` of float64 tensors: a Python number
    never changes a floating tensor's dtype, and two tensors of one dtype keep it."""
    import ast

    if f.input_shape is None or not isinstance(out, Tens):
        return
    if type(op) not in (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.MatMult, ast.Pow):
        return
    sides = [v for v in (a, b) if not (isinstance(v, (int, float)) and not isinstance(v, bool))]
    got = {exact(f, v) for v in sides}
    if len(sides) == 2 and len(got) == 2 and None not in got and type(op) is not ast.MatMult:
        from driftcheck.parsers.source.forward import dataflow_fix31

        d = dataflow_fix31.promoted(exact(f, a), known_shape(a), exact(f, b), known_shape(b))
        if d is not None:  # ``grid64 + 0.1 * offsets32``: float64 (session 31)
            dataflow_checks.add_facts(f, out, replace=False, dtype=_FAMILY[d])
            give_exact(f, out, d)
        return
    if not sides or len(got) != 1 or None in got:
        return
    d = got.pop()
    dataflow_checks.add_facts(f, out, replace=False, dtype=_FAMILY[d])
    give_exact(f, out, d)


def param_exact(f: Any, owner: Any, v: Any, out: Any) -> None:
    """``self.table``, a Parameter ``__init__`` made with a known floating dtype, of a module
    no cast ran on (``model.double()`` in ``__init__`` marks every module under it:
    ``modmethods._set_cast``), while the default dtype cannot change: that exact dtype."""
    from driftcheck.parsers.source.library import tensordtypes

    if f.input_shape is None or getattr(owner, "cast_ran", False):
        return
    d = tensordtypes.dtype_of(v)
    if d in _FAMILY and not tensordtypes.default_may_change(f.interp):
        dataflow_checks.add_facts(f, out, replace=False, dtype=_FAMILY[d])
        give_exact(f, out, d)


def layer_exact(f: Any, type_: str, out: Any, cast: str | None) -> None:
    """An uncast Linear / convolution's output has its weight's float32 (while the default
    dtype cannot change); one cast to float64 in ``__init__`` gives float64."""
    from driftcheck.parsers.source.library import tensordtypes

    if type_ not in dataflow_checks.FLOAT_WEIGHT:
        return
    if cast == "float64":
        give_exact(f, out, "float64")
    elif cast is None and not tensordtypes.default_may_change(f.interp):
        give_exact(f, out, "float32")
    else:
        from driftcheck.parsers.source.forward import dataflow_fix30

        dataflow_fix30.layer_exact(f, type_, out, cast)  # ``.half()`` in ``__init__``


def matmul_error(f: Any, a: Any, b: Any) -> str | None:
    """``counts.double() @ self.table`` with a float32 table: torch does not promote."""
    da, db = exact(f, a), exact(f, b)
    if da is None or db is None or da == db:
        return None
    sa, sb = known_shape(a), known_shape(b)
    if not sa or not sb or 0 in (*sa, *sb):
        return None  # an empty or 0-D operand: not judged
    return f"RuntimeError: expected m1 and m2 to have the same dtype, but got: {_C10[da]} != {_C10[db]}"


def sdpa_dtypes(f: Any, qkv: list, loc: Any) -> None:
    """``F.scaled_dot_product_attention(q.double(), k, v)`` with float32 ``k``: torch raises."""
    got = [exact(f, t) for t in qkv]
    known = {d for d in got if d is not None}
    if len(known) > 1:
        shown = " ".join(
            f"{n}.dtype: {_C10[d] if d else '?'}" for n, d in zip(("query", "key", "value"), got)
        )
        f.crash(
            loc,
            "RuntimeError: Expected query, key, and value to have the same dtype, but got "
            f"{shown} instead.",
        )


def rnn_input(f: Any, node: Any, x: Any, loc: Any) -> bool:
    """An RNN with float32 weights fed a float64 / complex / exact half tensor: a ValueError."""
    if node is None or node.type not in dataflow_checks.RNN or dataflow_checks._cast(f, node):
        return False
    dt = dataflow_checks.fact(f, x, "dtype")
    shown = {"float64": "torch.float64", "complex": "a complex dtype"}.get(dt or "")
    ex = exact(f, x)
    if shown is None and ex in ("float16", "bfloat16"):
        shown = f"torch.{ex}"
    if shown is None:
        return False
    f.crash(
        loc,
        f"{node.type}: ValueError: RNN input dtype ({shown}) does not match weight dtype "
        "(torch.float32)",
    )
    return True


# elementwise functions that keep a floating tensor's dtype (no ``dtype=``, no tensor argument)
UNARY = frozenset(
    {"relu", "relu6", "gelu", "silu", "elu", "selu", "leaky_relu", "sigmoid", "tanh", "exp",
     "log", "sqrt", "rsqrt", "abs", "neg", "softmax", "log_softmax", "dropout", "sin", "cos",
     "clamp", "square", "reciprocal", "softplus", "mish", "hardswish", "normalize"}
)  # fmt: skip
_INT_LIKE = (dataflow_checks.INT, dataflow_checks.UINT8, "bool")
_SCATTERS = frozenset(
    {"scatter", "scatter_", "scatter_add", "scatter_add_", "scatter_reduce", "scatter_reduce_"}
)
EINOPS_REDUCTIONS = frozenset({"min", "max", "sum", "mean", "prod", "any", "all"})


def method(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``t.<name>(...)`` / ``torch.<name>(t, ...)`` / ``F.<name>(t, ...)`` on real sizes: an
    unknown tensor after a crash, else None (the caller goes on)."""
    if f.input_shape is None or not isinstance(t, Tens):
        return None
    err = None
    if name == "tensor_split":
        err = _tensor_split(t, args, kwargs)
    elif name in ("cross_entropy", "nll_loss"):
        dt = dataflow_checks.fact(f, t, "dtype")
        if dt in _INT_LIKE:
            word = dataflow_checks.int_word(f, t) if dt == dataflow_checks.INT else None
            word = word or {"uint8": "Byte", "bool": "Bool"}[dt]
            err = f"NotImplementedError: {name}: no kernel for an input of dtype '{word}'"
    elif name == "binary_cross_entropy":
        err = bce_target(f, arg(args, kwargs, 0, "target"))
    elif name == "binary_cross_entropy_with_logits":
        err = _bce_logits_target(f, t, arg(args, kwargs, 0, "target"))
    elif name in _SCATTERS:
        idx = arg(args, kwargs, 1, "index")
        dt = dataflow_checks.fact(f, idx, "dtype") if isinstance(idx, Tens) else None
        shape = known_shape(idx) if isinstance(idx, Tens) else None
        if dt in ("float", "float64", "bool") and shape and 0 not in shape:
            err = f"RuntimeError: {name.rstrip('_')}(): Expected dtype int32/int64 for index"
    elif name in ("inv", "inverse"):
        err = _singular(f, t)
    elif name == "margin_ranking_loss":
        err = _margin_ranking(t, args, kwargs)
    elif name == "cosine_embedding_loss":
        err = _cosine_embedding(t, args, kwargs)
    if err is None:
        return None
    f.crash(loc, err)
    return Tens(None)


def float_filled(f: Any, name: str, kwargs: dict, out: Any) -> None:
    """``torch.zeros(...)`` / ``torch.ones(...)`` of a floating dtype (the default one, or a
    float ``dtype=``): every item is 0.0 / 1.0 (the ``fill`` value fact, stamped: an in-place
    write ends it)."""
    if f.input_shape is None or not isinstance(out, Tens) or name not in ("zeros", "ones"):
        return
    if "dtype" in kwargs and dataflow_checks.dtype_name(kwargs["dtype"]) not in (
        "float",
        "float64",
    ):
        return
    if set(kwargs) - {"dtype", "device", "requires_grad"}:
        return  # ``out=`` and the like: not judged
    dataflow_checks.add_facts(f, out, replace=False, fill=0.0 if name == "zeros" else 1.0)


def _singular(f: Any, t: Tens) -> str | None:
    """``torch.linalg.inv(torch.ones(n, n))``: every item the same finite number makes a
    matrix of rank at most 1, singular from n = 2 (n = 1 when the number is 0); LU finds the
    zero pivot exactly (``c - (c / c) * c`` is 0), so torch raises."""
    fill = dataflow_checks.fact(f, t, "fill")
    shape = known_shape(t)
    if not isinstance(fill, float) or fill != fill or abs(fill) == float("inf") or not shape:
        return None
    if len(shape) < 2 or shape[-1] != shape[-2] or 0 in shape:
        return None
    n = shape[-1]
    if n < 2 and fill != 0:
        return None
    return (
        "torch.linalg.LinAlgError: linalg.inv: the input matrix is singular (every item is "
        f"{fill}: a {n}x{n} matrix of rank <= 1)"
    )


# torch's loss modules whose forward calls the functional of that name with its tensors in order
LOSS_MODULES = {
    "BCELoss": "binary_cross_entropy",
    "BCEWithLogitsLoss": "binary_cross_entropy_with_logits",
    "CrossEntropyLoss": "cross_entropy",
    "NLLLoss": "nll_loss",
    "MarginRankingLoss": "margin_ranking_loss",
    "CosineEmbeddingLoss": "cosine_embedding_loss",
}


def loss_module(f: Any, obj: Any, args: list, kwargs: dict, loc: Any) -> bool:
    """A torch loss module called on its tensors (positionally): the functional's checks."""
    name = LOSS_MODULES.get(getattr(obj, "type", ""))
    if name is None or not getattr(obj, "torch", False) or kwargs or len(args) < 2:
        return False
    if not isinstance(args[0], Tens):
        return False
    return method(f, args[0], name, list(args[1:]), {}, loc) is not None


def bce_target(f: Any, y: Any) -> str | None:
    """A BCE target of an integer / uint8 / bool dtype: torch wants the input's float dtype."""
    dt = dataflow_checks.fact(f, y, "dtype") if isinstance(y, Tens) else None
    if dt not in _INT_LIKE:
        return None
    word = dataflow_checks.int_word(f, y) if dt == dataflow_checks.INT else None
    word = word or {"uint8": "Byte", "bool": "Bool"}[dt]
    return (
        f"RuntimeError: binary_cross_entropy: Found dtype {word} but expected the input's "
        "floating dtype (the target must be float)"
    )


def _bce_logits_target(f: Any, x: Tens, y: Any) -> str | None:
    """``F.binary_cross_entropy_with_logits(x, y)`` with an integer / uint8 / bool ``y`` and
    an input of a known real dtype: torch raises whatever the input's real dtype (a float
    result cannot be written into the target's integer dtype; no kernel for an integer
    input); the sizes must match first (an empty input: not judged)."""
    dy = dataflow_checks.fact(f, y, "dtype") if isinstance(y, Tens) else None
    dx = dataflow_checks.fact(f, x, "dtype")
    sx, sy = known_shape(x), known_shape(y) if isinstance(y, Tens) else None
    if dy not in _INT_LIKE or dx not in (*_INT_LIKE, "float", "float64"):
        return None
    if not sx or 0 in sx or sy is None or tuple(sx) != tuple(sy):
        return None  # another size raises its own ValueError (``dataflow_losses``)
    return (
        "RuntimeError: binary_cross_entropy_with_logits: the target is "
        f"{'bool' if dy == 'bool' else 'an integer'} tensor: the loss cannot be computed into "
        "it (result type Float can't be cast to the desired output type)"
    )


def _tensor_split(t: Tens, args: list, kwargs: dict) -> str | None:
    n = arg(args, kwargs, 0, "indices_or_sections")
    if n is None:
        n = arg(args, kwargs, 0, "sections")
    shape = known_shape(t)
    if not is_int(n) or isinstance(n, bool) or n > 0 or not shape:
        return None  # a 0-D tensor raises its own error first
    dim = arg(args, kwargs, 1, "dim", 0)
    if not is_int(dim) or not -len(shape) <= dim < len(shape):
        return None
    return f"RuntimeError: tensor_split: number of sections must be larger than 0, got {n}"


def _margin_ranking(t: Tens, args: list, kwargs: dict) -> str | None:
    shapes = [known_shape(t)]
    for i, n in ((0, "input2"), (1, "target")):
        v = arg(args, kwargs, i, n)
        shapes.append(known_shape(v) if isinstance(v, Tens) else None)
    if any(s is None for s in shapes):
        return None
    s1, s2, st = (tuple(s) for s in shapes)  # type: ignore[union-attr]
    if not len(s1) == len(s2) == len(st):
        return (
            "RuntimeError: margin_ranking_loss : All input tensors should have same dimension "
            f"but got sizes: input1: {list(s1)}, input2: {list(s2)}, target: {list(st)}"
        )
    both = broadcast(s1, s2)
    if both is None or broadcast(tuple(both), st) is None:
        return (
            f"RuntimeError: margin_ranking_loss: input1 {list(s1)}, input2 {list(s2)} and "
            f"target {list(st)} do not broadcast together"
        )
    return None


def _cosine_embedding(t: Tens, args: list, kwargs: dict) -> str | None:
    x2 = arg(args, kwargs, 0, "input2")
    y = arg(args, kwargs, 1, "target")
    s1 = known_shape(t)
    s2 = known_shape(x2) if isinstance(x2, Tens) else None
    st = known_shape(y) if isinstance(y, Tens) else None
    if s1 is None or s2 is None or st is None:
        return None
    s1, s2, st = tuple(s1), tuple(s2), tuple(st)
    if len(st) not in (0, 1):
        return "RuntimeError: cosine_embedding_loss: 0D or 1D target tensor expected, multi-target not supported"
    want = 2 if len(st) == 1 else 1
    if len(s1) != want or len(s2) != want:
        return (
            f"RuntimeError: cosine_embedding_loss: {len(st)}D target tensor expects {want}D input "
            f"tensors, but found inputs with sizes {list(s1)} and {list(s2)}."
        )
    both = broadcast(s1, s2)
    if both is None:
        return f"RuntimeError: cosine_embedding_loss: inputs {list(s1)} and {list(s2)} do not broadcast"
    if len(st) == 1 and broadcast((tuple(both)[0],), st) is None:
        return (
            f"RuntimeError: cosine_embedding_loss: the target {list(st)} does not broadcast with "
            f"the {tuple(both)[0]} cosines of inputs {list(s1)} and {list(s2)}"
        )
    return None


def einops_reduction(f: Any, x: Any, reduction: Any, loc: Any) -> bool:
    """``einops.reduce(x, "b n d -> b d", "avg")``: einops knows no such reduction."""
    if f.input_shape is None or not isinstance(x, Tens) or not isinstance(reduction, str):
        return False
    if reduction in EINOPS_REDUCTIONS:
        return False
    f.crash(
        loc,
        f"EinopsError: Unknown reduction {reduction!r}. Expect one of "
        f"{tuple(sorted(EINOPS_REDUCTIONS))}",
    )
    return True
