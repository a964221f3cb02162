"""torch functions whose argument range torch checks, on arguments the pass knows (real sizes).

Each rule reads a literal or a value the pass holds for certain (a settings attribute, a
size); an unknown argument is silent. Checked against torch 2.13 (tests/test_crash20b.py):

- a loss's ``reduction`` not ``none`` / ``mean`` / ``sum`` (``kl_div`` also takes
  ``batchmean``): ValueError;
- ``F.huber_loss(delta <= 0)``, ``F.smooth_l1_loss(beta < 0)``, ``F.multi_margin_loss(p``
  not 1 or 2``)``, ``F.softshrink(lambd < 0)``, ``torch.cdist(p < 0)``,
  ``torch.histc(min > max)`` or ``bins <= 0``, ``torch.bernoulli(p=`` outside [0, 1]``)``;
- ``F.interpolate``: ``size`` and ``scale_factor`` both given, ``recompute_scale_factor``
  with a ``size``, ``antialias=True`` with a mode other than bilinear / bicubic;
- ``torch.meshgrid`` of a tensor of rank 2 or more; ``torch.hsplit`` / ``vsplit`` /
  ``dsplit`` into a number of sections that does not divide the axis.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg as _arg
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int

REDUCTIONS = frozenset({"none", "mean", "sum"})
# functional losses that read ``reduction`` through torch's ``_Reduction.get_enum``
LOSSES = frozenset(
    {
        "cross_entropy",
        "nll_loss",
        "mse_loss",
        "l1_loss",
        "smooth_l1_loss",
        "huber_loss",
        "binary_cross_entropy",
        "binary_cross_entropy_with_logits",
        "kl_div",
        "multi_margin_loss",
        "soft_margin_loss",
        "multilabel_soft_margin_loss",
        "hinge_embedding_loss",
        "margin_ranking_loss",
        "cosine_embedding_loss",
        "poisson_nll_loss",
    }
)


def _num(v: Any) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return float(v)


def _rank(t: Any) -> int | None:
    return len(t.shape) if isinstance(t, Tens) and t.shape is not None else None


def torch_fn(f: Any, q: str, name: str, args: list, kwargs: dict, loc: Any) -> None:
    """Judge ``torch.<name>`` / ``F.<name>`` called with ``args`` / ``kwargs``."""
    if f.input_shape is None:
        return
    functional = q.startswith("torch.nn.functional.")
    if functional and name in LOSSES:
        red = kwargs.get("reduction")
        ok = REDUCTIONS | ({"batchmean"} if name == "kl_div" else set())
        if red.__class__ is str and red not in ok:
            f.crash(loc, f"ValueError: {red} is not a valid value for reduction")
            return
    if functional and name == "embedding":
        # ``F.embedding(x, w, padding_idx=V)``: torch asserts -V <= padding_idx < V (V rows)
        w, pad = _arg(args, kwargs, 1, "weight"), _arg(args, kwargs, 2, "padding_idx")
        rows = w.shape[0] if isinstance(w, Tens) and w.shape else None
        if pad.__class__ is int and rows.__class__ is int and not -rows <= pad < rows:
            f.crash(
                loc,
                f"AssertionError: Padding_idx must be within num_embeddings ({pad}, {rows} rows)",
            )
            return
    if functional and name == "huber_loss":
        d = _num(kwargs.get("delta"))
        if d is not None and d <= 0:
            f.crash(loc, "huber_loss does not support non-positive values for delta.")
    elif functional and name == "smooth_l1_loss":
        b = _num(kwargs.get("beta"))
        if b is not None and b < 0:
            f.crash(loc, "smooth_l1_loss does not support negative values for beta.")
    elif functional and name == "multi_margin_loss":
        p = _arg(args, kwargs, 2, "p")
        if _num(p) is not None and p not in (1, 2):
            f.crash(loc, "ValueError: only p == 1 and p == 2 supported")
    elif functional and name == "softshrink":
        lam = _num(_arg(args, kwargs, 1, "lambd"))
        if lam is not None and lam < 0:
            f.crash(loc, f"softshrink: lambda must be in range [0, inf), but found {lam}")
    elif functional and name == "interpolate":
        _interpolate(f, args, kwargs, loc)
    elif functional:
        return
    elif name == "cdist":
        p = _num(_arg(args, kwargs, 2, "p"))
        if p is not None and p < 0:
            f.crash(loc, "cdist only supports non-negative p values")
    elif name == "histc":
        bins = _arg(args, kwargs, 1, "bins")
        lo, hi = _num(_arg(args, kwargs, 2, "min")), _num(_arg(args, kwargs, 3, "max"))
        if is_int(bins) and bins <= 0:
            f.crash(loc, f"torch.histc: bins must be > 0, but got {bins}")
        elif lo is not None and hi is not None and lo > hi:
            f.crash(loc, "torch.histc: max must be larger than min")
    elif name == "bernoulli":
        p = _num(kwargs.get("p", args[1] if len(args) > 1 and _num(args[1]) is not None else None))
        if p is not None and not 0 <= p <= 1:
            f.crash(loc, f"bernoulli_ expects p to be in [0, 1], but got p={p}")
        elif p is None and "p" not in kwargs and len(args) == 1:
            from driftcheck.parsers.source.forward import dataflow_checks

            fill = dataflow_checks.fact(f, args[0], "fill")  # ``bernoulli(full(s, 100.0))``
            if isinstance(fill, float) and not 0 <= fill <= 1:
                f.crash(
                    loc,
                    "Expected p_in >= 0 && p_in <= 1 to be true, but got false "
                    f"(every probability is {fill})",
                )
    elif name == "meshgrid":
        ts = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        if any((_rank(t) or 0) >= 2 for t in ts):
            f.crash(loc, "torch.meshgrid: Expected 0D or 1D tensor in the tensor list")
    elif name in ("hsplit", "vsplit", "dsplit"):
        _split(f, name, args, kwargs, loc)


def _interpolate(f: Any, args: list, kwargs: dict, loc: Any) -> None:
    size = _arg(args, kwargs, 1, "size")
    scale = _arg(args, kwargs, 2, "scale_factor")
    mode = _arg(args, kwargs, 3, "mode", "nearest")
    recompute = _arg(args, kwargs, 5, "recompute_scale_factor")
    aa = _arg(args, kwargs, 6, "antialias", False)
    known = (int, float, tuple, list)
    if isinstance(size, known) and isinstance(scale, known) and not isinstance(scale, bool):
        f.crash(loc, "ValueError: only one of size or scale_factor should be defined")
    elif recompute is True and isinstance(size, known):
        f.crash(loc, "ValueError: recompute_scale_factor is not meaningful with an explicit size.")
    elif aa is True and mode.__class__ is str and mode not in ("bilinear", "bicubic"):
        f.crash(
            loc,
            "ValueError: Anti-alias option is restricted to bilinear, bicubic, and lanczos "
            "modes and requires a 4-D tensor as input",
        )


def _split(f: Any, name: str, args: list, kwargs: dict, loc: Any) -> None:
    t = args[0] if args else kwargs.get("input")
    n = _arg(args, kwargs, 1, "sections")
    if not isinstance(t, Tens) or t.shape is None or not is_int(n) or n <= 0:
        return
    rank = len(t.shape)
    dim = {"hsplit": 1 if rank > 1 else 0, "vsplit": 0, "dsplit": 2}[name]
    if dim >= rank:
        return  # (the rank check is another error, judged elsewhere if at all)
    size = t.shape[dim]
    if is_int(size) and size % n:
        f.crash(
            loc,
            f"torch.{name} attempted to split along dimension {dim}, but the size of the "
            f"dimension {size} is not divisible by the split_size {n}!",
        )


def loss_module(f: Any, obj: Any, loc: Any) -> None:
    """``nn.CrossEntropyLoss(reduction="avg")(...)``: torch's loss modules keep
    ``reduction`` (``delta``, ``beta``) as attributes and pass them to the functional
    loss, which raises as above. The module's attributes are those ``__init__`` set."""
    from driftcheck.parsers.source.values.abstract import Leaf

    if f.input_shape is None:
        return
    if isinstance(obj, Leaf):  # a catalogue layer: torch's, its arguments in ``params``
        name, attrs = obj.type, obj.params
    else:
        q = getattr(obj, "qual", None) or ""
        name, attrs = q.rsplit(".", 1)[-1], getattr(obj, "attrs", None)
        if not q.startswith("torch.nn."):
            return
    if not name.endswith("Loss") or not isinstance(attrs, dict):
        return
    red = _plain(attrs.get("reduction"))
    ok = REDUCTIONS | ({"batchmean"} if name == "KLDivLoss" else set())
    if red.__class__ is str and red not in ok:
        f.crash(loc, f"ValueError: {red} is not a valid value for reduction")
    elif name == "HuberLoss" and (_num(_plain(attrs.get("delta"))) or 1.0) <= 0:
        f.crash(loc, "huber_loss does not support non-positive values for delta.")
    elif name == "SmoothL1Loss" and (_num(_plain(attrs.get("beta"))) or 0.0) < 0:
        f.crash(loc, "smooth_l1_loss does not support negative values for beta.")


def _plain(v: Any) -> Any:
    from driftcheck.parsers.source.values.abstract import plain

    return plain(v)
