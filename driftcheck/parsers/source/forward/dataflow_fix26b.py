"""Forward crashes on real sizes (``check --input-shape``), session 26 (crashfix26b). Each rule
is torch's own check (torch 2.13, CPU; ``tests/test_crash26b.py`` runs every verdict in
torch), on facts the pass knows for certain; anything not known gives no crash:

- ``t.index_add_(dim, index, source)`` / ``index_copy`` (and ``torch.index_add``): ``source``
  of another dtype than ``t`` (families that differ: integer / float / bool, or two exact
  floating dtypes, ``dataflow_fix25b.exact``): torch does not promote there;
- ``torch.bincount(input, weights)``: ``weights`` of known shape must be 1-D with ``input``'s
  length;
- ``torch.take(x, idx)`` with known indices past ``x.numel()``; ``torch.linalg.lstsq(A, B)``
  with ``B`` of other rows;
- ``F.multilabel_margin_loss`` / ``F.multi_margin_loss`` with a target not int64;
  ``F.cross_entropy`` / ``nll_loss`` / ``multi_margin_loss`` with class indices and a
  ``weight`` of another exact floating dtype than the input.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward import dataflow_checks
from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

_INDEX_SOURCE = frozenset({"index_add", "index_add_", "index_copy", "index_copy_"})
# torch's words for dtypes in these messages (exact floating dtypes; integer ones: int_word)
_WORDS = {"float64": "Double", "float32": "Float", "float16": "Half", "bfloat16": "BFloat16"}


def _word(f: Any, t: Tens, exact: str | None) -> str | None:
    dt = dataflow_checks.fact(f, t, "dtype")
    if exact is not None:
        return _WORDS[exact]
    if dt == dataflow_checks.INT:
        return dataflow_checks.int_word(f, t)
    return {"bool": "Bool", "uint8": "Byte"}.get(dt)


def index_source(f: Any, t: Any, name: str, rest: list, kwargs: dict) -> str | None:
    """``t.index_add_(dim, index, source)`` (``rest`` after ``t``) with ``source`` of a dtype
    torch will not write into ``t``."""
    from driftcheck.parsers.source.forward.dataflow_dtype_ops import _kind
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact

    if f.input_shape is None or name not in _INDEX_SOURCE or not isinstance(t, Tens):
        return None
    src = arg(rest, kwargs, 2, "source")
    if not isinstance(src, Tens):
        return None
    ka = _kind(dataflow_checks.fact(f, t, "dtype"))
    kb = _kind(dataflow_checks.fact(f, src, "dtype"))
    ea, eb = exact(f, t), exact(f, src)
    if ka is None or kb is None:
        return None
    if ka == kb and (ka != "float" or ea is None or eb is None or ea == eb):
        return None
    wa, wb = _word(f, t, ea), _word(f, src, eb)
    if wa is None or wb is None:
        return None
    if name.startswith("index_add"):
        return f"RuntimeError: index_add_(): self ({wa}) and source ({wb}) must have the same scalar type"
    return (
        "RuntimeError: index_copy_(): self and source expected to have the same dtype, "
        f"but got (self) {wa} and (source) {wb}"
    )


def bincount_weights(f: Any, args: list, kwargs: dict) -> str | None:
    """``torch.bincount(input, weights)`` with ``weights`` not 1-D of ``input``'s length."""
    if f.input_shape is None:
        return None
    x, w = arg(args, kwargs, 0, "input"), arg(args, kwargs, 1, "weights")
    xs = known_shape(x) if isinstance(x, Tens) else None
    ws = known_shape(w) if isinstance(w, Tens) else None
    if xs is None or ws is None or len(xs) != 1:
        return None
    if len(ws) != 1 or ws[0] != xs[0]:
        return "RuntimeError: weights should be 1-d and have the same length as input"
    return None


def take_range(f: Any, x: Any, idx: Any) -> str | None:
    """``torch.take(x, idx)`` / ``x.take(idx)`` with known integer indices
    (``dataflow_known``): each must lie in ``[-numel, numel)`` of ``x`` (read as flat)."""
    from driftcheck.parsers.source.forward import dataflow_known

    if f.input_shape is None or not isinstance(x, Tens) or not isinstance(idx, Tens):
        return None
    xs, a = known_shape(x), dataflow_known.array(f, idx)
    if xs is None or a is None or a.dtype.kind != "i" or not a.size:
        return None
    n = 1
    for d in xs:
        n *= d
    bad = a[(a >= n) | (a < -n)]
    if not bad.size:
        return None
    v = int(bad.flat[0])
    return f"IndexError: out of range: tried to access index {v} on a tensor of {n} elements."


def lstsq_rows(f: Any, args: list, kwargs: dict) -> str | None:
    """``torch.linalg.lstsq(A, B)``: ``B`` of ``A``'s rank has ``A``'s rows (``size(-2)``);
    a vector ``B`` beside a matrix ``A`` has ``A``'s rows as its length. Other ranks: not
    judged (torch broadcasts batches there)."""
    if f.input_shape is None:
        return None
    a, b = arg(args, kwargs, 0, "A"), arg(args, kwargs, 1, "B")
    sa = known_shape(a) if isinstance(a, Tens) else None
    sb = known_shape(b) if isinstance(b, Tens) else None
    if sa is None or sb is None or len(sa) < 2:
        return None
    if len(sb) == len(sa) and sb[-2] != sa[-2]:
        return "RuntimeError: torch.linalg.lstsq: input.size(-2) should match other.size(-2)"
    if len(sa) == 2 and len(sb) == 1 and sb[0] != sa[-2]:
        return "RuntimeError: torch.linalg.lstsq: input.size(-2) should match other.size(-1)"
    return None


_LONG_TARGETS = {"multilabel_margin_loss": 1, "multi_margin_loss": 1}


def long_target(f: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``F.multilabel_margin_loss(x, y)`` / ``F.multi_margin_loss(x, y)``: ``y`` must be int64
    (a multi-hot float target raises); judged on a floating, bool or uint8 dtype fact, or an
    integer one whose cast named another width (``itype``)."""
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact

    pos = _LONG_TARGETS.get(name)
    if f.input_shape is None or pos is None:
        return None
    y = arg(args, kwargs, pos, "target")
    if not isinstance(y, Tens):
        return None
    dt = dataflow_checks.fact(f, y, "dtype")
    if dt in ("float", "float64"):
        word = _word(f, y, exact(f, y)) or "a floating dtype"
    elif dt in ("bool", "uint8"):
        word = _word(f, y, None)
    elif dt == dataflow_checks.INT and dataflow_checks.fact(f, y, "itype") not in (None, "Long"):
        word = dataflow_checks.fact(f, y, "itype")
    else:
        return None
    return f"RuntimeError: expected scalar type Long but found {word}"


# class-index losses whose ``weight`` must have the input's dtype (its position)
_WEIGHTED = {"cross_entropy": 2, "nll_loss": 2, "multi_margin_loss": 4}


def _float_exact(f: Any, t: Any) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_fix25b import exact

    if isinstance(t, Tens) and dataflow_checks.fact(f, t, "dtype") == "float64":
        return "float64"  # (float64 is a fact of its own, apart from the ``float`` family)
    return exact(f, t)


def loss_weight(f: Any, name: str, args: list, kwargs: dict) -> str | None:
    """``F.cross_entropy(x, y, weight=w)`` (``nll_loss``, ``multi_margin_loss``) with class
    indices ``y`` (an integer dtype fact) and ``w`` of another exact floating dtype than
    ``x`` (a float64 table of class weights beside float32 logits): torch does not promote
    (probability targets do: not judged)."""
    pos = _WEIGHTED.get(name)
    if f.input_shape is None or pos is None or not args:
        return None
    y, w = arg(args, kwargs, 1, "target"), arg(args, kwargs, pos, "weight")
    if not isinstance(y, Tens) or dataflow_checks.fact(f, y, "dtype") != dataflow_checks.INT:
        return None
    dx, dw = _float_exact(f, args[0]), _float_exact(f, w)
    if dx is None or dw is None or dx == dw:
        return None
    return f"RuntimeError: expected scalar type {_WORDS[dx]} but found {_WORDS[dw]}"


def torch_error(f: Any, q: str, args: list, kwargs: dict) -> str | None:
    """``dataflow_torch.call_torch``'s hook on real sizes: torch's error for this module's
    rules of ``torch.<fn>`` / ``F.<fn>`` / ``torch.linalg.lstsq``, else None."""
    name = q.rsplit(".", 1)[-1]
    if q.count(".") == 1 and args:
        err = index_source(f, args[0], name, args[1:], kwargs)  # ``torch.index_add``
        if err is None and name == "bincount":
            err = bincount_weights(f, args, kwargs)
        if err is None and name == "take" and len(args) > 1:
            err = take_range(f, args[0], args[1])
        return err
    if q.startswith("torch.nn.functional.") and name in _LONG_TARGETS:
        err = long_target(f, name, args, kwargs)
        if err is not None:
            return err
    if q.startswith("torch.nn.functional.") and name in _WEIGHTED:
        return loss_weight(f, name, args, kwargs)
    if q == "torch.linalg.lstsq":
        return lstsq_rows(f, args, kwargs)
    return None
