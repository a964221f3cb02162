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
  string that does not is torch's ValueError "invalid type: '...'";
- ``torch.utils.checkpoint.checkpoint(fn, x, k=v)`` with ``use_reentrant`` True or not given
  (its default is still True): ValueError "Unexpected keyword arguments: k";
- ``pad_sequence(seqs, padding_side=...)``: an element known to be a list / tuple / number
  (TypeError "expected Tensor as element i in argument 0"), a side other than "left" /
  "right" (RuntimeError);
- ``WeightedRandomSampler`` / ``RandomSampler`` ``num_samples`` and ``BatchSampler``
  ``batch_size`` not a positive int (ValueError), ``WeightedRandomSampler`` weights of a known
  shape that is not 1-D (ValueError), ``DistributedSampler(num_replicas=n, rank=r)`` with
  both ints and ``r`` outside ``[0, n - 1]`` (ValueError). (A sampler that asks the default
  process group is not judged: whether one exists is the launcher's business.)
- ``LambdaLR(opt, lr_lambda)``: a list whose length is not the optimizer's number of groups
  (where known: ValueError), a lambda known not to be callable (each is called at
  construction: TypeError); ``opt.add_param_group([...])`` on a torch optimizer (TypeError:
  not a dict);
- the weighted losses (``nn.CrossEntropyLoss / NLLLoss / BCELoss / BCEWithLogitsLoss /
  MultiLabelSoftMarginLoss / MultiMarginLoss``) given a ``weight`` (or ``pos_weight``) that is
  a list / tuple / number: ``register_buffer``'s TypeError;
- ``prune.custom_from_mask(layer, name, mask)``: a mask of another shape than the layer's
  tensor (``CustomFromMask.compute_mask``'s AssertionError; torch does not broadcast it);
- ``torch.optim.<Opt>([p * s for p in ...])``: a list made right there of tensors the
  autograd model knows are non-leaves requiring grad: ValueError "can't optimize a non-leaf
  Tensor" (only fresh expressions: a ``retain_grad()`` is not followed).

Switch: ``DRIFTCHECK_NO_CTORS_35B=1``.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_args
from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_fix33b import (
    OPTIMIZERS,
    Optim,
    _callable_not,
    _receiver,
)
from driftcheck.parsers.source.forward.dataflow_fix34 import _nonleaf
from driftcheck.parsers.source.values.abstract import Ext, Leaf
from driftcheck.parsers.source.values.dataflow_values import Bound, Mod, Tens, known_shape

_MISSING = object()
_RNNS = {"torch.nn.RNN", "torch.nn.LSTM", "torch.nn.GRU"}
_RNNS |= {q.replace("torch.nn.", "torch.nn.modules.rnn.") for q in _RNNS}
_SGD = {"torch.optim.SGD", "torch.optim.sgd.SGD"}
_ADAPTIVE = {
    "torch.nn.AdaptiveLogSoftmaxWithLoss",
    "torch.nn.modules.adaptive.AdaptiveLogSoftmaxWithLoss",
}


def _off(f: Any) -> bool:
    """Whether the rule is switched off for this pass (``Flow.switches``: read once per pass)."""
    return f.switches.get("DRIFTCHECK_NO_CTORS_35B") == "1"


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
    if not (isinstance(fv, Bound) and fv.name == "type" and isinstance(fv.target, Tens)):
        return None
    if known_shape(fv.target) is None:
        return None  # (a value of unknown shape may stand for a non-tensor result)
    name = _get(args, kwargs, 0, "dtype", None)
    if not isinstance(name, str) or name.endswith("Tensor"):
        return None
    return f"ValueError: invalid type: '{name}'"


_CHECKPOINT = {"torch.utils.checkpoint.checkpoint"}
_CP_OWN = {"use_reentrant", "context_fn", "determinism_check", "debug", "early_stop"}
_PAD = {"torch.nn.utils.rnn.pad_sequence"}
_DATA = "torch.utils.data."
_SAMPLERS = frozenset(
    {"WeightedRandomSampler", "RandomSampler", "BatchSampler", "DistributedSampler"}
)


def _checkpoint_error(kwargs: dict) -> str | None:
    """``checkpoint(fn, *args, use_reentrant=True / None, **kw)``: the reentrant variant
    takes no keyword arguments for ``fn`` (``preserve_rng_state`` is checkpoint's own)."""
    reentrant = kwargs.get("use_reentrant")
    if reentrant is not None and reentrant is not True:
        return None  # False (keywords passed on) or not known
    extra = [k for k in kwargs if k not in _CP_OWN and k != "preserve_rng_state"]
    if not extra:
        return None
    return "ValueError: Unexpected keyword arguments: " + ",".join(extra)


def _pad_error(args: list, kwargs: dict) -> str | None:
    """``pad_sequence(seqs, batch_first, padding_value, padding_side)``: every element a
    tensor (the C++ parser's TypeError first), then a side of "left" / "right"."""

    seqs = _get(args, kwargs, 0, "sequences", _MISSING)
    if seqs.__class__ in (list, tuple):
        for i, t in enumerate(seqs):
            if t.__class__ in (list, tuple, int, float, str):
                if not all(isinstance(u, Tens) for u in seqs[:i]):
                    return None  # an earlier element not known to be a tensor
                kind = t.__class__.__name__
                return f"TypeError: expected Tensor as element {i} in argument 0, but got {kind}"
        if not all(isinstance(t, Tens) for t in seqs):
            return None
    side = _get(args, kwargs, 3, "padding_side", "right")
    if isinstance(side, str) and side not in ("left", "right"):
        return f"RuntimeError: Expected padding_side to be one of left or right, but got {side}."
    return None


def _positive(v: Any) -> bool | None:
    """``isinstance(v, int) and not bool and v > 0`` where known (None: not known)."""
    if v.__class__ is bool or v.__class__ in (float, str, list, tuple):
        return False
    if v.__class__ is int:
        return v > 0
    return None


def _sampler_error(name: str, args: list, kwargs: dict) -> str | None:
    if name == "WeightedRandomSampler":
        n = _get(args, kwargs, 1, "num_samples", _MISSING)
        if n is not _MISSING and _positive(n) is False:
            return f"ValueError: num_samples should be a positive integer value, but got num_samples={n}"
        if n is _MISSING or _positive(n) is None:
            return None
        if not isinstance(_get(args, kwargs, 2, "replacement", True), bool):
            return None
        w = _get(args, kwargs, 0, "weights", _MISSING)
        shape = known_shape(w) if isinstance(w, Tens) else None
        if shape is not None and len(shape) != 1:
            return (
                "ValueError: weights should be a 1d sequence but given weights have shape "
                f"{tuple(shape)}"
            )
        return None
    if name == "RandomSampler":
        n = _get(args, kwargs, 2, "num_samples", None)
        if n is None or not isinstance(_get(args, kwargs, 1, "replacement", False), bool):
            return None
        if n.__class__ is int and n <= 0:
            return f"ValueError: num_samples should be a positive integer value, but got num_samples={n}"
        return None
    if name == "BatchSampler":
        b = _get(args, kwargs, 1, "batch_size", _MISSING)
        if b is not _MISSING and _positive(b) is False:
            return (
                f"ValueError: batch_size should be a positive integer value, but got batch_size={b}"
            )
        return None
    if name == "DistributedSampler":
        world = _get(args, kwargs, 1, "num_replicas", None)
        rank = _get(args, kwargs, 2, "rank", None)
        if world.__class__ is int and rank.__class__ is int and not 0 <= rank < world:
            return (
                f"ValueError: Invalid rank {rank}, rank should be in the interval [0, {world - 1}]"
            )
    return None


_LAMBDA_LR = {"torch.optim.lr_scheduler.LambdaLR"}


def _lambda_error(args: list, kwargs: dict) -> str | None:
    """``LambdaLR(opt, lr_lambda)``: a list of another length than the optimizer's groups
    (ValueError, where the groups are known), else each lambda is called at construction
    (``step()`` of ``last_epoch`` 0): one known not to be callable is a TypeError. A list of
    no callable at all crashes whichever comes first (an optimizer has a group at least)."""

    opt = _get(args, kwargs, 0, "optimizer", _MISSING)
    fns = _get(args, kwargs, 1, "lr_lambda", _MISSING)
    if fns is _MISSING or len(args) > 3 or kwargs.keys() - {"optimizer", "lr_lambda", "last_epoch"}:
        return None
    if _get(args, kwargs, 2, "last_epoch", -1) != -1:
        return None  # (a resumed scheduler reads ``initial_lr`` first: not modelled)
    groups = len(opt.sizes) if isinstance(opt, Optim) and opt.sizes is not None else None
    if fns.__class__ not in (list, tuple):
        kind = _callable_not(fns)
        return None if kind is None else f"TypeError: '{kind}' object is not callable"
    if groups is not None and len(fns) != groups:
        return f"ValueError: Expected {groups} lr_lambdas, but got {len(fns)}"
    kinds = [_callable_not(g) for g in fns]
    if groups is not None and kinds and kinds[0] is not None:
        return f"TypeError: '{kinds[0]}' object is not callable"
    if groups is None and all(k is not None for k in kinds):
        if not fns:
            return "ValueError: Expected 1 or more lr_lambdas, but got 0"
        return (
            f"TypeError: '{kinds[0]}' object is not callable (or LambdaLR's ValueError where "
            "the list's length is not the optimizer's number of groups)"
        )
    return None


def _add_group_error(run: Any, e: ast.Call, args: list, kwargs: dict, fr: Any) -> str | None:
    """``opt.add_param_group(list(...))`` on a torch optimizer for certain: TypeError."""

    if not isinstance(e.func, ast.Attribute) or e.func.attr != "add_param_group":
        return None
    group = _get(args, kwargs, 0, "param_group", _MISSING)
    if group.__class__ in (list, tuple, str, int, float):
        kind = group.__class__.__name__
    elif isinstance(group, Tens) and known_shape(group) is not None:
        kind = "torch.Tensor"
    else:
        return None
    if len(args) + len(kwargs) != 1 or not isinstance(_receiver(run, e, fr), Optim):
        return None
    return f"TypeError: param_group must be a dict, but got <class '{kind}'>"


# the weighted losses: ``register_buffer("weight", weight)`` (and ``pos_weight``) in __init__
_WEIGHTED = {
    "CrossEntropyLoss": 0, "NLLLoss": 0, "BCELoss": 0, "BCEWithLogitsLoss": 0,
    "MultiLabelSoftMarginLoss": 0, "MultiMarginLoss": 2,
}  # fmt: skip


def _loss_weight_error(name: str, args: list, kwargs: dict) -> str | None:
    """``nn.CrossEntropyLoss(weight=[1.0, 2.0])``: a buffer must be a tensor or None."""
    keys = ("weight", "pos_weight") if name == "BCEWithLogitsLoss" else ("weight",)
    for i, key in enumerate(keys):
        pos = _WEIGHTED[name] if i == 0 else None
        v = _get(args, kwargs, pos, key, None)
        if v.__class__ in (list, tuple, int, float, str, dict):
            kind = v.__class__.__name__
            return (
                f"TypeError: cannot assign '{kind}' object to buffer '{key}' (torch Tensor or "
                "None required)"
            )
    return None


_CUSTOM_MASK = {"torch.nn.utils.prune.custom_from_mask"}


def _mask_error(run: Any, args: list, kwargs: dict) -> str | None:
    """``prune.custom_from_mask(layer, "weight", mask)``: ``CustomFromMask.compute_mask``
    asserts the mask has the tensor's own shape (no broadcasting); a torch layer whose tensor
    shape the pass knows, and a mask of a known other shape: AssertionError."""

    mod = _get(args, kwargs, 0, "module", None)
    name = _get(args, kwargs, 1, "name", None)
    mask = _get(args, kwargs, 2, "mask", None)
    leaf = run.f.resolve(mod.obj) if isinstance(mod, Mod) else None
    if not isinstance(leaf, Leaf) or not isinstance(name, str) or not isinstance(mask, Tens):
        return None
    if not (isinstance(leaf.torch, str) and leaf.torch.startswith("torch.nn.")):
        return None
    if leaf.unresolved or leaf.wnorm or leaf.tied or leaf.owned or name not in ("weight", "bias"):
        return None
    got = known_shape(mask)
    try:
        want = dataflow_args.leaf_tensor_shape(run, leaf, name)
    except Exception:  # noqa: BLE001 - parameters the pass cannot read: not known
        return None
    if got is None or want is None or tuple(got) == tuple(want):
        return None
    size = ", ".join(map(str, want))
    msize = ", ".join(map(str, got))
    return (
        f"AssertionError: default_mask shape torch.Size([{size}]) must match self.mask shape "
        f"torch.Size([{msize}])"
    )


_NONLEAF = "ValueError: can't optimize a non-leaf Tensor"


def _fresh(node: Any) -> bool:
    """An expression that makes a new tensor each time (an operator or a call of one): no
    ``retain_grad()`` can have been called on its value."""
    return isinstance(node, (ast.BinOp, ast.UnaryOp, ast.Call))


def _fresh_items(node: Any) -> list | None:
    """The element expressions of a literal list / tuple / comprehension of fresh tensors."""
    if isinstance(node, (ast.List, ast.Tuple)) and node.elts:
        return node.elts if all(_fresh(x) for x in node.elts) else None
    if isinstance(node, ast.ListComp) and _fresh(node.elt):
        return [node.elt]
    return None


def _nonleaf_error(run: Any, e: ast.Call, q: str, args: list, kwargs: dict) -> str | None:
    """``torch.optim.Adam([p * s for p in m.parameters()])``: a tensor the autograd model
    (``dataflow_fix32``) knows requires grad and has a grad_fn, made by the very expression
    passed (so no ``retain_grad()`` ran on it): ``add_param_group``'s ValueError."""

    if q.rsplit(".", 1)[-1] not in OPTIMIZERS or not q.startswith("torch.optim."):
        return None
    if kwargs.get("differentiable", False) is not False or not e.args:
        return None
    if _fresh_items(e.args[0]) is None or args[0].__class__ not in (list, tuple):
        return None
    if any(_nonleaf(run.f, t, 1) for t in args[0]):
        return _NONLEAF
    return None


@hooks.before(150)  # ``SGD(nesterov=True)``: torch's constructor checks
def called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """Before a call in forward: the checks above (torch's error at the call)."""

    f = run.f
    if f.input_shape is None or _off(f):
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    q = fv.qual if isinstance(fv, Ext) else None
    err = None
    if q in _SGD:
        err = _sgd_error(args, kwargs) or _nonleaf_error(run, e, q, args, kwargs)
    elif q in _RNNS:
        err = _rnn_error(q, args, kwargs)
    elif q in _ADAPTIVE:
        err = _adaptive_error(args, kwargs)
    elif q in _CHECKPOINT:
        err = _checkpoint_error(kwargs)
    elif q in _PAD:
        err = _pad_error(args, kwargs)
    elif q is not None and q.startswith(_DATA) and q.rsplit(".", 1)[-1] in _SAMPLERS:
        err = _sampler_error(q.rsplit(".", 1)[-1], args, kwargs)
    elif q is not None and q.startswith("torch.nn.") and q.rsplit(".", 1)[-1] in _WEIGHTED:
        err = _loss_weight_error(q.rsplit(".", 1)[-1], args, kwargs)
    elif q in _CUSTOM_MASK:
        err = _mask_error(run, args, kwargs)
    elif q is not None and q.startswith("torch.optim.") and q.count(".") == 2:
        err = _nonleaf_error(run, e, q, args, kwargs)
    elif q in _LAMBDA_LR:
        err = _lambda_error(args, kwargs)
    elif q is None:
        err = _type_error(fv, args, kwargs) or _add_group_error(run, e, args, kwargs, fr)
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
