"""Forward rules of session 33 (crashfix33b: fresh25's training-step code, made general): the
argument checks torch's own constructors of the training loop run (torch 2.13, CPU;
``tests/test_crash33b.py`` runs every verdict in torch). Each is judged on values the pass
knows for certain (plain numbers, literal lists, tensors of known shape, module objects); any
unknown gives no crash:

- ``torch.optim.<Opt>(params, lr=-1e-3 / eps=-1e-8 / betas=(0.9, 1.0) / momentum=-0.9 ...)``:
  the optimizer's own range checks (ValueError), by position or keyword (``OPT_RANGES``);
  ``torch.optim.<Opt>([])``: ``Optimizer.__init__``'s "empty parameter list" (ValueError);
- ``torch.optim.lr_scheduler.<Sched>(model / a parameter list, ...)``: not an Optimizer
  (TypeError, or the AttributeError of the first optimizer attribute read);
  ``LinearLR(start_factor=0 / 2.0, end_factor=1.5)``, ``CosineAnnealingWarmRestarts(T_0=0 /
  2.5, T_mult=1.5 / 0)`` (ValueError); ``SequentialLR(opt, [a, b], milestones=[3, 12])``: one
  milestone fewer than schedulers is required (ValueError; a bare int: TypeError, no len);
- ``torch.utils.data.DataLoader``: ``sampler`` with ``shuffle=True``, ``batch_sampler`` with
  ``batch_size`` / ``shuffle`` / ``sampler`` / ``drop_last``, ``num_workers < 0``,
  ``timeout < 0``, ``prefetch_factor`` or ``persistent_workers`` without workers (ValueError);
- ``TensorDataset(x, y)`` of known shapes whose first sizes differ (AssertionError);
- ``random_split(ds, [0.7, 0.2])``: lengths that are neither fractions summing to 1 nor ints
  can never sum to ``len(ds)`` (ValueError); ints against a tensor's known first size;
- ``torch.autocast("gpu")`` / ``device_type="CPU"``: c10's device parser refuses the name
  (RuntimeError); a device type that is a number / list / module (ValueError: not a str);
- ``torch.distributions.Categorical(probs=p, logits=l)`` (both, or neither): ValueError;
- ``torch.autograd.grad(loss, [])`` / ``torch.autograd.backward(loss, inputs=[])``: an empty
  ``inputs`` (a filter that kept no parameter): RuntimeError.
"""

from __future__ import annotations

import ast
import math
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import (
    UNK,
    Mod,
    Tens,
    Unk,
    UnkNum,
    known_shape,
)

_MISSING = object()

# torch.optim.<name>: (argument, position, check) for each range check its __init__ runs
# ("ge0": ``not 0.0 <= v``; "beta": a pair, each ``0.0 <= b < 1.0``; "unit": ``0 <= v <= 1``)
_ADAM = (("lr", 1, "ge0"), ("betas", 2, "beta"), ("eps", 3, "ge0"), ("weight_decay", 4, "ge0"))
OPT_RANGES = {
    "SGD": (("lr", 1, "ge0"), ("momentum", 2, "ge0"), ("weight_decay", 4, "ge0")),
    "Adam": _ADAM,
    "AdamW": _ADAM,
    "Adamax": _ADAM,
    "NAdam": _ADAM,
    "RAdam": _ADAM,
    "RMSprop": (
        ("lr", 1, "ge0"), ("alpha", 2, "ge0"), ("eps", 3, "ge0"), ("weight_decay", 4, "ge0"),
        ("momentum", 5, "ge0"),
    ),
    "Adagrad": (
        ("lr", 1, "ge0"), ("lr_decay", 2, "ge0"), ("weight_decay", 3, "ge0"),
        ("initial_accumulator_value", 4, "ge0"), ("eps", 5, "ge0"),
    ),
    "Adadelta": (("lr", 1, "ge0"), ("rho", 2, "unit"), ("eps", 3, "ge0"),
                 ("weight_decay", 4, "ge0")),
}  # fmt: skip
# every torch.optim optimizer (``Optimizer.__init__`` refuses an empty parameter list)
OPTIMIZERS = frozenset(
    {
        "SGD", "Adam", "AdamW", "Adamax", "NAdam", "RAdam", "RMSprop", "Adagrad", "Adadelta",
        "ASGD", "LBFGS", "Rprop", "Adafactor",
    }
)  # fmt: skip
# the schedulers whose first argument must be an Optimizer (each reads it as one)
SCHEDULERS = frozenset(
    {
        "LambdaLR", "MultiplicativeLR", "StepLR", "MultiStepLR", "ConstantLR", "LinearLR",
        "ExponentialLR", "PolynomialLR", "CosineAnnealingLR", "ReduceLROnPlateau", "CyclicLR",
        "CosineAnnealingWarmRestarts", "OneCycleLR",
    }
)  # fmt: skip
# torch.distributions.<name>: the positions of ``probs`` and ``logits`` (exactly one is wanted)
PROBS_LOGITS = {
    "Bernoulli": 0, "Categorical": 0, "ContinuousBernoulli": 0, "Geometric": 0,
    "OneHotCategorical": 0, "OneHotCategoricalStraightThrough": 0, "Binomial": 1,
    "Multinomial": 1, "NegativeBinomial": 1, "RelaxedBernoulli": 1,
    "RelaxedOneHotCategorical": 1,
}  # fmt: skip


def _num(v: Any) -> bool:
    return v.__class__ in (int, float)


def _bad_range(v: Any, check: str) -> bool:
    if check == "beta":
        if v.__class__ not in (tuple, list) or len(v) != 2:
            return False
        return any(_num(b) and not 0.0 <= b < 1.0 for b in v)
    if not _num(v):
        return False
    return not 0.0 <= v <= 1.0 if check == "unit" else not 0.0 <= v


def _module(f: Any, v: Any) -> bool:
    """``v`` is a module object for certain (a torch layer or an ``nn.Module`` subclass)."""
    from driftcheck.parsers.source.values.abstract import Leaf, Obj

    if not isinstance(v, Mod):
        return False
    m = f.resolve(v.obj)
    return isinstance(m, Leaf) or (isinstance(m, Obj) and bool(getattr(m, "module", False)))


def _not_optimizer(f: Any, v: Any) -> str | None:
    """The type name torch prints for ``v`` where ``v`` is certainly not an Optimizer."""
    from driftcheck.parsers.source.forward.dataflow_fix32b import Listing

    if isinstance(v, Listing):
        return "generator"
    if v.__class__ in (list, tuple, dict, str, int, float):
        return v.__class__.__name__
    if isinstance(v, Tens) and known_shape(v) is not None:
        return "Tensor"
    if _module(f, v):
        return "Module"
    return None


def _given(v: Any) -> bool:
    """``v`` is not None for certain (a tensor, a number, a literal container)."""
    return isinstance(v, Tens) or v.__class__ in (int, float, list, tuple)


def _module_params(f: Any, v: Any) -> bool:
    """``v`` is a module object whose iteration torch's own code defines (none, or a
    container's: its children, never tensors)."""
    from driftcheck.parsers.source.interp.dunders import source_method
    from driftcheck.parsers.source.values.abstract import Leaf, Obj

    if not _module(f, v):
        return False
    m = f.resolve(v.obj)
    if isinstance(m, Leaf):
        return isinstance(m.torch, str) and m.torch.startswith("torch.nn.")
    try:
        return isinstance(m, Obj) and source_method(f.interp, m.cls, "__iter__") is None
    except Exception:  # noqa: BLE001 - a class the lookup cannot read: not known
        return False


def _optimizer_error(f: Any, name: str, args: list, kwargs: dict) -> str | None:
    for key, pos, check in OPT_RANGES.get(name, ()):
        v = arg(args, kwargs, pos, key, _MISSING)
        if v is _MISSING or not _bad_range(v, check):
            continue
        if check == "beta":
            i = next(i for i, b in enumerate(v) if _num(b) and not 0.0 <= b < 1.0)
            return f"ValueError: Invalid beta parameter at index {i}: {v[i]}"
        what = {"lr": "learning rate", "eps": "epsilon value"}.get(key, f"{key} value")
        return f"ValueError: Invalid {what}: {v}"
    params = arg(args, kwargs, 0, "params", _MISSING)
    if isinstance(params, Tens) and known_shape(params) is not None:
        return (
            "TypeError: params argument given to the optimizer should be an iterable of "
            "Tensors or dicts, but got a Tensor"
        )
    if _module_params(f, params):
        return "TypeError: a module given as the optimizer's params (not an iterable of tensors)"
    if params.__class__ in (list, tuple) and len(params) == 0:
        return "ValueError: optimizer got an empty parameter list"
    return _overlap_error(f, params)


def _scheduler_error(f: Any, name: str, args: list, kwargs: dict) -> str | None:
    if name in SCHEDULERS:
        opt = arg(args, kwargs, 0, "optimizer", _MISSING)
        kind = None if opt is _MISSING else _not_optimizer(f, opt)
        if kind is not None:
            return f"TypeError: {kind} is not an Optimizer"
    if name == "LinearLR":
        start = arg(args, kwargs, 1, "start_factor", 1.0 / 3)
        end = arg(args, kwargs, 2, "end_factor", 1.0)
        if _num(start) and (start > 1.0 or start <= 0):
            return (
                "ValueError: Starting multiplicative factor expected to be greater than 0 "
                "and less or equal to 1."
            )
        if _num(end) and (end > 1.0 or end < 0):
            return "ValueError: Ending multiplicative factor expected to be between 0 and 1."
    if name == "CosineAnnealingWarmRestarts":
        t0 = arg(args, kwargs, 1, "T_0", _MISSING)
        mult = arg(args, kwargs, 2, "T_mult", 1)
        if _num(t0) and (t0 <= 0 or t0.__class__ is not int):
            return f"ValueError: Expected positive integer T_0, but got {t0}"
        if _num(mult) and (mult < 1 or mult.__class__ is not int):
            return f"ValueError: Expected integer T_mult >= 1, but got {mult}"
    if name == "ConstantLR":
        factor = arg(args, kwargs, 1, "factor", 1.0 / 3)
        if _num(factor) and (factor > 1.0 or factor < 0):
            return "ValueError: Constant multiplicative factor expected to be between 0 and 1."
    if name == "ReduceLROnPlateau":
        mode = arg(args, kwargs, 1, "mode", "min")
        factor = arg(args, kwargs, 2, "factor", 0.1)
        tmode = arg(args, kwargs, 5, "threshold_mode", "rel")
        if _num(factor) and factor >= 1.0:
            return "ValueError: Factor should be < 1.0."
        if mode.__class__ is str and mode not in ("min", "max"):
            return f"ValueError: mode {mode} is unknown!"
        if tmode.__class__ is str and tmode not in ("rel", "abs"):
            return f"ValueError: threshold mode {tmode} is unknown!"
    if name == "CyclicLR":
        mode = arg(args, kwargs, 5, "mode", "triangular")
        if mode.__class__ is str and mode not in ("triangular", "triangular2", "exp_range"):
            if arg(args, kwargs, 7, "scale_fn", _MISSING) in (_MISSING, None):
                return "ValueError: mode is invalid and scale_fn is None"
    if name == "OneCycleLR" and len(args) <= 2:
        return _one_cycle_error(kwargs)
    if name == "SequentialLR":
        scheds = arg(args, kwargs, 1, "schedulers", _MISSING)
        miles = arg(args, kwargs, 2, "milestones", _MISSING)
        if scheds.__class__ not in (list, tuple):
            return None
        if not scheds:
            return "ValueError: SequentialLR expects at least one scheduler, but got no scheduler."
        if miles.__class__ in (int, float):
            return f"TypeError: object of type '{miles.__class__.__name__}' has no len()"
        if miles.__class__ in (list, tuple) and len(miles) != len(scheds) - 1:
            return (
                "ValueError: Sequential Schedulers expects number of schedulers provided to be "
                f"one more than the number of milestone points, but got number of schedulers "
                f"{len(scheds)} and the number of milestones to be equal to {len(miles)}"
            )
    return None


def _one_cycle_error(kwargs: dict) -> str | None:
    """``OneCycleLR``'s checks of its steps, ``pct_start`` and ``anneal_strategy`` (keywords)."""
    total = kwargs.get("total_steps")
    epochs, per = kwargs.get("epochs"), kwargs.get("steps_per_epoch")
    if total is not None:
        if _num(total) and (total <= 0 or total.__class__ is not int):
            return f"ValueError: Expected positive integer total_steps, but got {total}"
    elif epochs is not None and per is not None:
        for key, v in (("epochs", epochs), ("steps_per_epoch", per)):
            if _num(v) and (v.__class__ is not int or v <= 0):
                return f"ValueError: Expected positive integer {key}, but got {v}"
    else:
        return "ValueError: You must define either total_steps OR (epochs AND steps_per_epoch)"
    pct = kwargs.get("pct_start", 0.3)
    if _num(pct) and (pct < 0 or pct > 1 or pct.__class__ is not float):
        return f"ValueError: Expected float between 0 and 1 pct_start, but got {pct}"
    how = kwargs.get("anneal_strategy", "cos")
    if how.__class__ is str and how not in ("cos", "linear"):
        return f"ValueError: anneal_strategy must be one of 'cos' or 'linear', instead got {how}"
    return None


def _loader_error(args: list, kwargs: dict) -> str | None:
    batch_size = arg(args, kwargs, 1, "batch_size", 1)
    shuffle = arg(args, kwargs, 2, "shuffle", None)
    sampler = arg(args, kwargs, 3, "sampler", None)
    batch_sampler = arg(args, kwargs, 4, "batch_sampler", None)
    workers = arg(args, kwargs, 5, "num_workers", 0)
    drop_last = arg(args, kwargs, 8, "drop_last", False)
    timeout = arg(args, kwargs, 9, "timeout", 0)
    prefetch = kwargs.get("prefetch_factor")
    persistent = kwargs.get("persistent_workers", False)
    if _num(workers) and workers < 0:
        return "ValueError: num_workers option should be non-negative"
    if _num(timeout) and timeout < 0:
        return "ValueError: timeout option should be non-negative"
    if workers == 0 and workers.__class__ is int and _num(prefetch):
        return "ValueError: prefetch_factor option could only be specified in multiprocessing"
    if workers == 0 and workers.__class__ is int and persistent is True:
        return "ValueError: persistent_workers option needs num_workers > 0"
    if _given(sampler) and shuffle is True:
        return "ValueError: sampler option is mutually exclusive with shuffle"
    if _given(batch_sampler):
        bs = batch_size.__class__ is int and batch_size != 1
        if bs or shuffle is True or _given(sampler) or drop_last is True:
            return (
                "ValueError: batch_sampler option is mutually exclusive with batch_size, "
                "shuffle, sampler, and drop_last"
            )
        return None
    if batch_sampler is not None:
        return None  # (not known to be None)
    if batch_size is None:
        if drop_last is True:
            return (
                "ValueError: batch_size=None option disables auto-batching and is mutually "
                "exclusive with drop_last"
            )
        return None
    if batch_size.__class__ is float or (batch_size.__class__ is int and batch_size <= 0):
        return (
            "ValueError: batch_size should be a positive integer value, but got "
            f"batch_size={batch_size}"
        )
    if batch_size.__class__ is int and drop_last.__class__ in (int, float, str):
        return f"ValueError: drop_last should be a boolean value, but got drop_last={drop_last}"
    return None


def _split_error(args: list, kwargs: dict) -> str | None:
    ds = arg(args, kwargs, 0, "dataset", _MISSING)
    lengths = arg(args, kwargs, 1, "lengths", _MISSING)
    if lengths.__class__ not in (list, tuple) or not lengths:
        return None
    if not all(_num(v) for v in lengths):
        return None
    total = sum(lengths)
    if math.isclose(total, 1) and total <= 1:
        if any(v < 0 or v > 1 for v in lengths):
            return "ValueError: Fraction is not between 0 and 1"
        return None
    if total != math.floor(total):
        return "ValueError: Sum of input lengths does not equal the length of the input dataset!"
    n = None
    shape = known_shape(ds) if isinstance(ds, Tens) else None
    if shape:
        n = shape[0]
    elif ds.__class__ in (list, tuple):
        n = len(ds)
    if n is not None and total != n:
        return "ValueError: Sum of input lengths does not equal the length of the input dataset!"
    return None


def _dataset_error(args: list) -> str | None:
    if not args or not all(isinstance(t, Tens) for t in args):
        return None
    shapes = [known_shape(t) for t in args]
    if any(s is None for s in shapes):
        return None
    if any(len(s) == 0 for s in shapes):
        return "IndexError: dimension specified as 0 but tensor has no dimensions"
    if any(s[0] != shapes[0][0] for s in shapes):
        return "AssertionError: Size mismatch between tensors"
    return None


def _autocast_error(f: Any, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_fix32b import device_error

    dev = arg(args, kwargs, 0, "device_type", _MISSING)
    if dev.__class__ is str:
        return device_error(dev)
    if dev.__class__ in (int, float, list, tuple, dict) or _module(f, dev):
        return f"ValueError: Expected `device_type` of type `str`, got: `{dev.__class__}`"
    return None


def _dist_error(name: str, args: list, kwargs: dict) -> str | None:
    pos = PROBS_LOGITS[name]
    probs = arg(args, kwargs, pos, "probs", None)
    logits = arg(args, kwargs, pos + 1, "logits", None)
    both = _given(probs) and _given(logits)
    given_at = len(args) > pos or "probs" in kwargs or len(args) > pos + 1 or "logits" in kwargs
    if both or (not given_at):
        return "ValueError: Either `probs` or `logits` must be specified, but not both."
    return None


def torch_error(f: Any, q: str, args: list, kwargs: dict) -> str | None:
    """torch's error for ``torch.<...>(*args, **kwargs)`` by the rules above, else None (the
    caller has ruled out ``*args`` / ``**kwargs``)."""
    if f.input_shape is None:
        return None
    name = q.rsplit(".", 1)[-1]
    if q.startswith("torch.optim.lr_scheduler."):
        return _scheduler_error(f, name, args, kwargs)
    if q.startswith("torch.optim.") and name in OPTIMIZERS:
        return _optimizer_error(f, name, args, kwargs)
    if q in ("torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"):
        return _loader_error(args, kwargs)
    if q in ("torch.utils.data.TensorDataset", "torch.utils.data.dataset.TensorDataset"):
        return _dataset_error(args) if not kwargs else None
    if q in ("torch.utils.data.random_split", "torch.utils.data.dataset.random_split"):
        return _split_error(args, kwargs)
    if q in ("torch.autocast", "torch.amp.autocast", "torch.amp.autocast_mode.autocast"):
        return _autocast_error(f, args, kwargs)
    if q in ("torch.autograd.grad", "torch.autograd.backward"):
        pos = 1 if name == "grad" else 5
        inputs = arg(args, kwargs, pos, "inputs", None)
        if inputs.__class__ in (list, tuple) and not inputs:
            return f"RuntimeError: `inputs` argument to `{name}()` cannot be empty."
        return None
    if q.startswith("torch.distributions.") and name in PROBS_LOGITS:
        return _dist_error(name, args, kwargs)
    return None


# ---------------------------------------------------------------- parameter identity
def same_tensors(f: Any, owner: Any, buffers: bool, pairs: list) -> list:
    """``pairs`` (name, tensor) a module listing (``m.parameters()`` / ``named_buffers()``)
    yields for ``owner``'s own tensors, with the tensor object of an earlier listing of the
    same module and name in place of a new one: torch yields the very same Parameter each
    time, and so does the pass (an optimizer's groups can then be told apart by identity).
    Switched off by ``DRIFTCHECK_NO_SAME_PARAMS=1``."""
    if f.input_shape is None or f.switches.get("DRIFTCHECK_NO_SAME_PARAMS") == "1":
        return pairs
    memo = getattr(f, "_fix33b_same", None)
    if memo is None:
        memo = f._fix33b_same = {}
    out = []
    for name, t in pairs:
        key = (id(owner), name, buffers)
        hit = memo.get(key)
        if hit is not None and hit[0] is owner and hit[1].shape == t.shape:
            t = hit[1]
        else:
            memo[key] = (owner, t)
            f._fix33b_ids = {**getattr(f, "_fix33b_ids", {}), id(t): t}
        out.append((name, t))
    return out


def _listed(f: Any, t: Any) -> bool:
    """``t`` is a tensor a module listing yielded (``same_tensors``)."""
    ids = getattr(f, "_fix33b_ids", None)
    return bool(ids) and isinstance(t, Tens) and ids.get(id(t)) is t


def _group_params(f: Any, g: Any) -> list | None:
    """The listed parameters (``_listed``) of a group: a dict's ``params`` or a plain list of
    tensors; None where the group is not one of those."""
    if g.__class__ is dict:
        g = g.get("params")
    g = [g] if isinstance(g, Tens) else g
    if g.__class__ not in (list, tuple):
        return None
    return list({id(t): t for t in g if _listed(f, t)}.values())


def _groups(f: Any, params: Any) -> list[list] | None:
    """The parameter groups of ``Optimizer(params)`` as lists of listed parameters (one group
    for a list of tensors; one per dict for a list of dicts), None where not known."""
    if params.__class__ not in (list, tuple) or not params:
        return None
    if all(p.__class__ is dict for p in params):
        out = [_group_params(f, g) for g in params]
        return [g for g in out if g is not None]
    if all(isinstance(p, Tens) for p in params):
        return [_group_params(f, params) or []]
    return None


_OVERLAP = "ValueError: some parameters appear in more than one parameter group"


def _overlap_error(f: Any, params: Any) -> str | None:
    """Two parameter groups holding one parameter of the code: ``add_param_group``'s
    ValueError."""
    seen: dict[int, int] = {}
    for i, g in enumerate(_groups(f, params) or ()):
        for t in g:
            if seen.setdefault(id(t), i) != i:
                return _OVERLAP
    return None


# ---------------------------------------------------------------- optimizer objects
class Optim(Unk):
    """What ``torch.optim.<name>(...)`` returns in ``forward``: an unknown value (as ``UNK``
    is) that is a torch optimizer of class ``name`` for certain."""

    __slots__ = ("name", "held", "sizes")

    def __init__(self, name: str, held: dict | None, sizes: tuple | None = None) -> None:
        self.name = name
        self.held = held  # id -> the listed parameters its groups hold (None: not known)
        self.sizes = sizes  # the number of parameters of each group (None: not known)

    def __repr__(self) -> str:
        return f"UNK(optimizer {self.name})"


class Sched(Unk):
    """What ``torch.optim.lr_scheduler.OneCycleLR(...)`` returns in ``forward``: an unknown
    value that is that scheduler for certain, with its ``total`` steps and the number of
    ``step()`` calls that surely ran since (calls in code that may not run are not counted:
    ``stepped`` is a lower bound)."""

    __slots__ = ("total", "stepped")

    def __init__(self, total: int) -> None:
        self.total = total
        self.stepped = 0

    def __repr__(self) -> str:
        return f"UNK(OneCycleLR {self.stepped}/{self.total})"


def _one_cycle(args: list, kwargs: dict) -> Sched | None:
    """A ``Sched`` for ``OneCycleLR(opt, max_lr, total_steps=.. | epochs=.., steps_per_epoch=..)``
    where the total is a known positive int and ``last_epoch`` is left at -1."""
    if len(args) > 2 or arg(args, kwargs, 13, "last_epoch", -1) != -1:
        return None
    total = kwargs.get("total_steps")
    if total is None:
        epochs, per = kwargs.get("epochs"), kwargs.get("steps_per_epoch")
        if epochs.__class__ is not int or per.__class__ is not int or epochs <= 0 or per <= 0:
            return None
        total = epochs * per
    if total.__class__ is not int or total <= 0:
        return None
    return Sched(total)


class Loader(Unk):
    """What ``DataLoader(items, batch_size=B)`` returns in ``forward`` for a list of tensors
    batched in order by torch's default collate: an unknown value that is that loader for
    certain (``dataset`` the very list, read when a loop walks it)."""

    __slots__ = ("dataset", "batch", "drop_last")

    def __init__(self, dataset: list, batch: int, drop_last: bool) -> None:
        self.dataset = dataset
        self.batch = batch
        self.drop_last = drop_last

    def __repr__(self) -> str:
        return f"UNK(DataLoader of {len(self.dataset)} tensors, batch {self.batch})"


def _loader(args: list, kwargs: dict) -> Loader | None:
    from driftcheck.parsers.source.values.abstract import Ext

    ds = arg(args, kwargs, 0, "dataset", None)
    batch = arg(args, kwargs, 1, "batch_size", 1)
    drop = arg(args, kwargs, 8, "drop_last", False)
    if ds.__class__ is not list or batch.__class__ is not int or batch < 2 or len(args) > 2:
        return None
    if arg(args, kwargs, 2, "shuffle", None) not in (None, False) or drop not in (True, False):
        return None
    if any(kwargs.get(k) is not None for k in ("sampler", "batch_sampler")):
        return None
    collate = kwargs.get("collate_fn")
    if collate is not None and not (isinstance(collate, Ext) and collate.qual == "torch.stack"):
        return None
    return Loader(ds, batch, drop)


def loop_error(f: Any, v: Any) -> str | None:
    """A loop over a ``Loader``: torch's error for collating its first batch (tensors of other
    shapes: ``torch.stack``'s RuntimeError), else None."""
    if f.input_shape is None or not isinstance(v, Loader):
        return None
    items = v.dataset
    if len(items) < v.batch and v.drop_last:
        return None
    first = items[: v.batch]
    if len(first) < 2 or not all(isinstance(t, Tens) for t in first):
        return None
    shapes = [known_shape(t) for t in first]
    if any(sh is None for sh in shapes):
        return None
    for i, sh in enumerate(shapes):
        if sh != shapes[0]:
            return (
                "RuntimeError: stack expects each tensor to be equal size, but got "
                f"{list(shapes[0])} at entry 0 and {list(sh)} at entry {i}"
            )
    return None


def torch_result(f: Any, q: str, args: list, kwargs: dict, out: Any) -> Any:
    """``out`` for ``torch.<...>(...)``: an ``Optim`` in place of ``UNK`` for torch's own
    optimizers on real sizes."""
    if f.input_shape is None or out is not UNK:
        return out
    if q in ("torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"):
        return _loader(args, kwargs) or out
    if not q.startswith("torch.optim."):
        return out
    if q == "torch.optim.lr_scheduler.OneCycleLR":
        return _one_cycle(args, kwargs) or out
    name = q.rsplit(".", 1)[-1]
    if name in OPTIMIZERS and q in (f"torch.optim.{name}", f"torch.optim.{name.lower()}.{name}"):
        params = arg(args, kwargs, 0, "params", None)
        groups = _groups(f, params)
        held = None if groups is None else {id(t): t for g in groups for t in g}
        return Optim(name, held, _sizes(params))
    return out


class OptState(Unk):
    """What ``opt.state_dict()`` returns for an ``Optim``: an unknown dict that is an
    optimizer's state for certain, with the number of parameters of each of its groups."""

    __slots__ = ("sizes",)

    def __init__(self, sizes: tuple | None) -> None:
        self.sizes = sizes

    def __repr__(self) -> str:
        return f"UNK(optimizer state {self.sizes})"


class ModState(Unk):
    """What ``m.state_dict()`` returns for a module whose class does not define its own
    ``state_dict`` and holds no tensor named ``param_groups``: an unknown dict of tensors with
    no key ``param_groups`` for certain (an optimizer's ``load_state_dict`` refuses it)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNK(module state)"


def _plain_state(run: Any, m: Any) -> bool:
    """``m`` (a ``Mod``) is a module whose ``state_dict()`` is torch's own."""
    from driftcheck.parsers.source.interp.dunders import source_method
    from driftcheck.parsers.source.values.abstract import Leaf, Obj

    obj = run.f.resolve(m.obj) if isinstance(m, Mod) else None
    if isinstance(obj, Leaf):
        return isinstance(obj.torch, str) and obj.torch.startswith("torch.nn.")
    if not isinstance(obj, Obj) or not obj.module or obj.unresolved:
        return False
    if "param_groups" in obj.params or "param_groups" in obj.buffers:
        return False
    try:
        return source_method(run.f.interp, obj.cls, "state_dict") is None
    except Exception:  # noqa: BLE001 - a class the lookup cannot read: not known
        return False


def _size(g: Any) -> int | None:
    if isinstance(g, Tens):
        return 1
    if g.__class__ in (list, tuple) and all(isinstance(t, Tens) for t in g):
        return len(g)
    return None


def _sizes(params: Any) -> tuple | None:
    """The number of parameters in each group ``Optimizer(params)`` makes, where known."""
    if params.__class__ not in (list, tuple) or not params:
        return None
    if all(p.__class__ is dict for p in params):
        got = tuple(_size(p.get("params")) for p in params)
        return None if None in got else got
    one = _size(params)
    return None if one is None else (one,)


def _receiver(run: Any, e: ast.Call, fr: Any) -> Any:
    """The value ``e``'s method is called on where the pass holds it without evaluating
    anything again: a local (``opt.step()``) or ``self.<attr>`` written in forward."""
    if not isinstance(e.func, ast.Attribute) or fr is None:
        return None
    base = e.func.value
    if isinstance(base, ast.Name):
        return getattr(fr, "locals", {}).get(base.id)
    if isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
        return _init_optimizer(run, getattr(fr, "locals", {}).get(base.value.id), base.attr)
    return None


def _init_optimizer(run: Any, m: Any, name: str) -> Optim | None:
    """``self.<name>`` where ``__init__`` stored ``torch.optim.<Opt>(...)`` (the interpreter's
    unknown "call of torch.optim.<Opt>") and no method of the class (nor of a base read from
    source) writes that attribute again or calls ``setattr``: an ``Optim`` whose groups are
    not known."""
    from driftcheck.parsers.source.values.abstract import Obj, called_of

    obj = run.f.resolve(m.obj) if isinstance(m, Mod) else None
    if not isinstance(obj, Obj) or not obj.module:
        return None
    v = obj.attrs.get(name)
    called = called_of(v, "torch.optim.")
    if called is None:
        return None
    opt = called[len("torch.optim.") :]
    if opt not in OPTIMIZERS:
        return None
    for c in obj.cls.mro() if hasattr(obj.cls, "mro") else ():
        node = getattr(c, "node", None)
        if node is None:
            continue
        for fn in node.body:
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for n in ast.walk(fn):
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
                    if n.func.id in ("setattr", "delattr", "vars"):
                        return None
                if fn.name == "__init__":
                    continue
                if isinstance(n, ast.Attribute) and n.attr == name:
                    if isinstance(n.ctx, (ast.Store, ast.Del)):
                        return None
    return Optim(opt, None, None)


def _callable_not(v: Any) -> str | None:
    """The type name of ``v`` where it is certainly not callable."""
    if v.__class__ in (int, float, str, list, tuple, dict):
        return v.__class__.__name__
    if isinstance(v, UnkNum):
        return "float"  # ``loss.item()``: a plain number (int or float)
    if isinstance(v, Tens) and known_shape(v) is not None:
        return "Tensor"
    return None


_AUTOCASTS = ("torch.autocast", "torch.amp.autocast", "torch.amp.autocast_mode.autocast")


def _autocast_device(run: Any, e: ast.Call, fr: Any) -> None:
    """``torch.autocast(x.device)`` / ``torch.autocast(torch.device("cpu"))``: a
    ``torch.device`` where autocast takes the device type as a str (ValueError)."""
    from driftcheck.parsers.source.forward.dataflow_fix32b import _is_device

    node = e.args[0] if e.args else None
    for k in e.keywords:
        if k.arg == "device_type":
            node = k.value
    if node is None or isinstance(node, ast.Starred) or fr is None:
        return
    if isinstance(node, ast.Constant):
        return
    if _is_device(None, node, fr):
        run.f.crash(fr.loc(e), "ValueError: Expected `device_type` of type `str`, got: "
                    "`<class 'torch.device'>`")  # fmt: skip


@hooks.before(70)  # ``opt.step(loss)``
def called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """Before a call: ``opt.step(loss)`` / ``opt.step(loss.item())`` (the closure is called:
    TypeError, not callable), ``lbfgs.step()`` (its closure is required: TypeError),
    ``opt.add_param_group(dict(params=...))`` with a parameter a group holds (ValueError),
    ``one_cycle.step()`` past its total steps (ValueError)."""
    f = run.f
    if f.input_shape is None or not isinstance(e.func, ast.Attribute):
        return
    if getattr(fv, "qual", None) in _AUTOCASTS:
        _autocast_device(run, e, fr)
        return
    if e.func.attr not in ("step", "add_param_group", "load_state_dict"):
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    opt = _receiver(run, e, fr)
    if isinstance(opt, Sched) and e.func.attr == "step" and not args and not kwargs:
        if not f.speculative:
            opt.stepped += 1
            if opt.stepped > opt.total:
                f.crash(fr.loc(e), f"ValueError: Tried to step {opt.stepped} times. The "
                        f"specified number of total steps is {opt.total}")  # fmt: skip
        return
    if not isinstance(opt, Optim):
        return
    if e.func.attr == "load_state_dict":
        err = _load_error(opt, arg(args, kwargs, 0, "state_dict", None))
        if err is not None:
            f.crash(fr.loc(e), err)
        return
    if e.func.attr == "add_param_group":
        group = arg(args, kwargs, 0, "param_group", None)
        size = _size(group.get("params")) if group.__class__ is dict else None
        if opt.sizes is not None:
            opt.sizes = None if size is None or f.speculative else (*opt.sizes, size)
        new = _group_params(f, group) if group.__class__ is dict else None
        if new is None or opt.held is None or f.speculative:
            opt.held = None  # (a group added in code that may not run: no longer known)
            return
        if any(opt.held.get(id(t)) is t for t in new):
            f.crash(fr.loc(e), _OVERLAP)
            return
        opt.held.update({id(t): t for t in new})
        return
    if not args and not kwargs:
        if opt.name == "LBFGS":
            f.crash(fr.loc(e), "TypeError: LBFGS.step() missing 1 required positional argument: "
                    "'closure'")  # fmt: skip
        return
    closure = arg(args, kwargs, 0, "closure", None)
    kind = _callable_not(closure)
    if kind is not None:
        f.crash(fr.loc(e), f"TypeError: '{kind}' object is not callable")


def _load_error(opt: Optim, sd: Any) -> str | None:
    """``Optimizer.load_state_dict(sd)``'s error for a state of other groups, or a dict that
    is no optimizer's state (a model's ``state_dict()``: KeyError 'param_groups')."""
    if isinstance(sd, OptState):
        if sd.sizes is None or opt.sizes is None:
            return None
        if len(sd.sizes) != len(opt.sizes):
            return "ValueError: loaded state dict has a different number of parameter groups"
        if sd.sizes != opt.sizes:
            return (
                "ValueError: loaded state dict contains a parameter group that doesn't match "
                "the size of optimizer's group"
            )
        return None
    if isinstance(sd, ModState):
        return "KeyError: 'param_groups'"
    if sd.__class__ is dict and sd and all(k.__class__ is str for k in sd):
        if "param_groups" not in sd and all(isinstance(v, Tens) for v in sd.values()):
            return "KeyError: 'param_groups'"
    return None


def after_call(run: Any, e: ast.Call, out: Any, fr: Any) -> Any:
    """``out`` for a call: an ``OptState`` in place of ``UNK`` for ``opt.state_dict()`` of an
    ``Optim``, a ``ModState`` for a module's own ``state_dict()``."""
    if run.f.input_shape is None or out is not UNK or not isinstance(e.func, ast.Attribute):
        return out
    if e.func.attr != "state_dict" or e.args or e.keywords:
        return out
    opt = _receiver(run, e, fr)
    if isinstance(opt, Optim):
        return OptState(opt.sizes)
    return ModState() if _plain_state(run, opt) else out


@hooks.after(60)  # ``opt.state_dict()``
def _after_hook(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    return after_call(run, e, out, fr)
