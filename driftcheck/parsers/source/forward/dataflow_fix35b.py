"""Session 35 (crashfix35b): argument checks torch's own constructors and methods run, for
objects built in ``forward`` (torch 2.13, CPU; every verdict is run in torch by
``tests/test_crash35b.py``). Each is judged on values the pass knows for certain (plain
numbers, strings, literal lists); anything unknown gives no crash:

- ``torch.optim.SGD(..., nesterov=True)`` with ``momentum <= 0`` or ``dampening != 0``
  (defaults 0 and 0): ``SGD.__init__``'s ValueError "Nesterov momentum requires a momentum
  and zero dampening";
- ``nn.RNN / nn.LSTM / nn.GRU(...)``: ``RNNBase.__init__``'s checks in its order: ``dropout``
  not a number in [0, 1] (or a bool), ``input_size`` / ``hidden_size`` / ``num_layers`` not
  greater than zero (ValueError); ``nn.RNN`` takes ``nonlinearity`` as its fourth positional;
- ``nn.AdaptiveLogSoftmaxWithLoss(in_features, n_classes, cutoffs)``: ``cutoffs`` empty, not
  increasing, not unique, not in ``1 .. n_classes - 1`` or not integral (ValueError);
- ``t.type("bf16")`` / ``t.type(dtype="torch.float16")`` on a tensor: every name torch's
  ``type_from_string`` accepts ends in ``Tensor`` ("torch.FloatTensor", "torch.Tensor"), so a
  string that does not is torch's ValueError "invalid type: '...'".

Switch: ``DRIFTCHECK_NO_CTORS_35B=1``.
"""

from __future__ import annotations

import ast
import os
from typing import Any

_MISSING = object()
_RNNS = {"torch.nn.RNN", "torch.nn.LSTM", "torch.nn.GRU"}
_RNNS |= {q.replace("torch.nn.", "torch.nn.modules.rnn.") for q in _RNNS}
_SGD = {"torch.optim.SGD", "torch.optim.sgd.SGD"}
_ADAPTIVE = {
    "torch.nn.AdaptiveLogSoftmaxWithLoss",
    "torch.nn.modules.adaptive.AdaptiveLogSoftmaxWithLoss",
}


def _off() -> bool:
    return os.environ.get("DRIFTCHECK_NO_CTORS_35B") == "1"


def _num(v: Any) -> bool:
    """A plain int / float (never a bool, never a traced hole)."""
    return v.__class__ in (int, float)


def _int(v: Any) -> bool:
    return v.__class__ is int


def _get(args: list, kwargs: dict, pos: int | None, key: str, default: Any) -> Any:
    if pos is not None and len(args) > pos:
        return args[pos]
    return kwargs.get(key, default)


def _sgd_error(args: list, kwargs: dict) -> str | None:
    nesterov = _get(args, kwargs, 5, "nesterov", False)
    momentum = _get(args, kwargs, 2, "momentum", 0)
    dampening = _get(args, kwargs, 3, "dampening", 0)
    if nesterov is not True or not _num(momentum) or not _num(dampening):
        return None
    if momentum <= 0 or dampening != 0:
        return "ValueError: Nesterov momentum requires a momentum and zero dampening"
    return None


def _rnn_error(q: str, args: list, kwargs: dict) -> str | None:
    if q.endswith(".RNN"):
        if "proj_size" in kwargs:
            return None  # (its own ValueError; not modelled)
        args = args[:3] + args[4:]  # the fourth positional is ``nonlinearity``
    if len(args) > 8:
        return None
    names = ("input_size", "hidden_size", "num_layers", "bias", "batch_first", "dropout")
    if any(k not in names and k not in ("bidirectional", "proj_size", "device", "dtype",
                                        "nonlinearity") for k in kwargs):  # fmt: skip
        return None  # a keyword torch refuses: a TypeError of its own, not modelled
    got = {k: _get(args, kwargs, i, k, _MISSING) for i, k in enumerate(names)}
    dropout = got["dropout"]
    if dropout is not _MISSING and _num(dropout) and not 0 <= dropout <= 1:
        return (
            "ValueError: dropout should be a number in range [0, 1] representing the "
            "probability of an element being zeroed"
        )
    if dropout is not _MISSING and not _num(dropout):
        return None  # a bool, a string or an unknown: not judged
    for k in ("bias", "batch_first"):
        if got[k] is not _MISSING and not isinstance(got[k], bool):
            return None  # a TypeError of torch's (or an unknown): not judged
    for k in ("input_size", "hidden_size"):
        v = got[k]
        if not _int(v):
            return None
        if v <= 0:
            return f"ValueError: {k} must be greater than zero"
    layers = got["num_layers"]
    if _num(layers) and layers <= 0:
        return "ValueError: num_layers must be greater than zero"
    return None


def _adaptive_error(args: list, kwargs: dict) -> str | None:
    n_classes = _get(args, kwargs, 1, "n_classes", _MISSING)
    cutoffs = _get(args, kwargs, 2, "cutoffs", _MISSING)
    if cutoffs.__class__ not in (list, tuple) or not all(_num(c) for c in cutoffs):
        return None
    if len(cutoffs) == 0:
        return "ValueError: cutoffs should be a sequence of length larger than 0"
    cut = list(cutoffs)
    bad = cut != sorted(cut) or min(cut) <= 0 or len(set(cut)) != len(cut)
    bad = bad or any(int(c) != c for c in cut)
    if not bad and _num(n_classes):
        bad = max(cut) > n_classes - 1
    if not bad:
        return None
    return (
        "ValueError: cutoffs should be a sequence of unique, positive integers sorted in an "
        "increasing order, where each value is between 1 and n_classes-1"
    )


def _type_error(fv: Any, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.values.dataflow_values import Bound, Tens

    if not (isinstance(fv, Bound) and fv.name == "type" and isinstance(fv.target, Tens)):
        return None
    name = _get(args, kwargs, 0, "dtype", None)
    if not isinstance(name, str) or name.endswith("Tensor"):
        return None
    return f"ValueError: invalid type: '{name}'"


def called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """Before a call in forward: the checks above (torch's error at the call)."""
    from driftcheck.parsers.source.values.abstract import Ext

    f = run.f
    if f.input_shape is None or _off():
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    q = fv.qual if isinstance(fv, Ext) else None
    err = None
    if q in _SGD:
        err = _sgd_error(args, kwargs)
    elif q in _RNNS:
        err = _rnn_error(q, args, kwargs)
    elif q in _ADAPTIVE:
        err = _adaptive_error(args, kwargs)
    elif q is None:
        err = _type_error(fv, args, kwargs)
    if err is not None:
        f.crash(fr.loc(e), err)


def _plain(x: Any) -> bool:
    if x.__class__ in (int, float, str, bool):
        return True
    return x.__class__ is tuple and all(_plain(y) for y in x)


def sorted_plain(items: list, kwargs: dict) -> list | None:
    """``sorted(xs)`` / ``sorted(xs, reverse=True)`` in forward when every item is a plain
    int / float / str / bool or a tuple of them (``sorted(d.items())``): Python's order;
    anything else (a key, unknown items, items Python cannot compare): None, not known. (The
    forward pass used to return the items unsorted.)"""
    rev = kwargs.get("reverse", False)
    if kwargs.keys() - {"reverse"} or not isinstance(rev, bool):
        return None
    if not all(_plain(x) for x in items):
        heads = [x[0] if x.__class__ is tuple and x else None for x in items]
        if not all(_plain(h) for h in heads) or len(set(heads)) != len(heads):
            return None
        try:  # ``sorted(d.items())``: unique plain keys decide the order alone
            order = sorted(range(len(items)), key=heads.__getitem__, reverse=rev)
        except TypeError:
            return None
        return [items[i] for i in order]
    try:
        return sorted(items, reverse=rev)
    except TypeError:
        return None
