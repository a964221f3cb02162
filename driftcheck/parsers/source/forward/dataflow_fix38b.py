"""Session 38 (crashfix38b): crash classes met in new code shapes (crash fresh30), each rule a
model of what torch does, checked in torch (``tests/test_crash38b.py``, with clean twins).

- Splatted arguments the pass sees whole: ``torch.optim.Adam(params, **cfg["kwargs"])``,
  ``F.pad(x, *pads)``. ``Calls.call_expr`` spreads a ``*seq`` whose items it knows and a
  ``**kw`` that is a dict, but the argument rules of ``dataflow_torch.call_torch`` stayed silent
  on any call with a splat (a ``**kw`` that is no known dict is dropped from ``kwargs``: a rule
  would judge a call torch never sees). ``splats`` records, for each evaluation of a call, that
  every splat of it was spread whole (``*`` of known items; ``**`` of a dict with string keys
  none of which the call also names); ``seen_whole`` lets those rules run on such calls only.

- ``nn.init.uniform_(t, a, b)`` / ``nn.init.trunc_normal_(t, mean, std, a, b)`` with known
  numbers ``a > b``: both end in ``t.uniform_(a, b)`` (torch 2.13 ``nn/init.py``: a truncated
  normal whose mass ``cdf(b) - cdf(a)`` is not above 0.3, and it is negative for ``a > b``,
  samples by rejection from ``uniform_(a, b)``), whose check is "uniform_ expects to return a
  [from, to) range" (RuntimeError), as ``dataflow_bounds`` has it for ``t.uniform_(a, b)``.
  ``trunc_normal_`` only with a known ``std > 0`` and ``mean`` (else another error comes first).

- ``F.one_hot(ids, n)`` of an integer tensor whose values the pass knows item by item
  (``dataflow_known``'s ``array``: ``torch.arange(T) % k``, ``torch.tensor([...])``):
  torch's kernel reads the min and the max (RuntimeError "Class values must be non-negative."
  / "Class values must be smaller than num_classes."). ``dataflow_checks.one_hot`` read only
  an ``arange``'s own range, so a value computed from it was not judged.

- ``torch.optim.swa_utils.SWALR(opt, swa_lr=[...])`` on a torch optimizer whose group count
  the pass knows (``dataflow_fix33b.Optim.sizes``): ``lr_scheduler._format_param``, the first
  line of ``SWALR.__init__``, raises ValueError for a list / tuple of another length. Not
  claimed where the code's source rewrites an optimizer's ``param_groups`` list itself
  (``.param_groups.append(...)``, ``.param_groups = ...``): the count would not be followed.

- ``torch.stft`` / ``torch.istft`` with a known int ``hop_length <= 0`` (istft: also
  ``> win_length``), and ``torch.istft`` with a window of known shape other than
  ``(win_length,)`` (``win_length`` defaults to ``n_fft``): torch's spectral kernels raise
  RuntimeError ("expected hop_length > 0" / "expected 0 < hop_length <= win_length" /
  "Invalid window shape"). Every check torch runs before those only raises too, so the call
  crashes whichever comes first.

- ``checkpoint_sequential(functions, segments, input)`` with a known int ``segments`` and a
  known number of functions (a ``Sequential``'s children the pass holds, not grown in forward, or
  a list): torch computes ``len(functions) // segments`` (``segments == 0``: ZeroDivisionError)
  and walks ``range(0, size * (segments - 1), size)`` (a size of 0, i.e. more segments than
  functions: ValueError "range() arg 3 must not be zero").

- ``d.cdf(v)`` / ``d.icdf(v)`` / ``d.entropy()`` / ``d.enumerate_support()`` on a
  ``torch.distributions`` object the pass holds (``dataflow_fix27b.DistTens``) whose class
  inherits that method from ``Distribution`` itself, which raises NotImplementedError
  (``BASE_ONLY``, read from torch 2.13 and checked against it by the tests).

- ``torch.masked.masked_tensor(data, mask)`` / ``as_masked_tensor`` / ``MaskedTensor`` of two
  plain tensors: ``MaskedTensor._validate_members`` raises for a mask whose dtype fact is not
  bool (TypeError "mask must have dtype bool.") and for known shapes of another rank or size
  (ValueError "data.dim() must equal mask.dim()" / "data.size() must equal mask.size()");
  every check before those only raises.

- ``torch.linalg.vander(x, N=n)`` of a tensor with a known int ``n <= 1``: RuntimeError "N must
  be greater than 1." (``torch.vander``, numpy's spelling, takes any ``N >= 0``: not this rule).

``DRIFTCHECK_NO_FIX38B=1`` turns the module off.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import Tens

_KEY = "fix38b_splats"


def _off(f: Any) -> bool:
    return f.switches.get("DRIFTCHECK_NO_FIX38B") == "1"


def splats(f: Any, e: ast.Call, whole: bool) -> None:
    """``e`` (a call with ``*`` / ``**`` arguments) was just spread: ``whole`` when every splat
    was spread with all its items (``seen_whole`` reads the latest evaluation)."""
    if f.input_shape is None or _off(f):
        return
    seen = f.run_state.setdefault(_KEY, {})
    if whole:
        seen[id(e)] = e
    else:
        seen.pop(id(e), None)


def seen_whole(f: Any, at: Any) -> bool:
    """The splats of call ``at`` were spread whole at its latest evaluation."""
    if f is None or f.input_shape is None or _off(f) or not isinstance(at, ast.Call):
        return False
    return f.run_state.get(_KEY, {}).get(id(at)) is at


def kw_whole(v: Any, named: set) -> bool:
    """A ``**v`` Python spreads as the pass does: a dict of string keys the call does not also
    name (a repeated keyword is Python's TypeError, not torch's)."""
    return v.__class__ is dict and all(k.__class__ is str and k not in named for k in v)


def _stand_in(v: Any) -> ast.AST:
    """The node ``dataflow_torchchecks.plain`` reads for a spread item: a list there may be what
    the pass holds for a generator (``dict(params=m.parameters())``), so it reads as unknown (a
    call's result); anything else is read as its value."""
    if v.__class__ is list:
        return ast.Call(func=ast.Name(id="<spread>", ctx=ast.Load()), args=[], keywords=[])
    return ast.Constant(value=None)


def spread_call(f: Any, e: ast.Call, args: list, kwargs: dict) -> ast.Call | None:
    """A call node with one argument node per value of ``args`` / ``kwargs`` (the call as
    Python binds it) where ``e``'s splats were spread whole (``seen_whole``), else None."""
    if not seen_whole(f, e):
        return None
    stars = [a for a in e.args if isinstance(a, ast.Starred)]
    if len(stars) > 1:
        return None  # (which items came from which splat: not kept)
    spread = len(args) - (len(e.args) - len(stars))
    if spread < 0:
        return None
    nodes: list[ast.AST] = []
    for a in e.args:
        if isinstance(a, ast.Starred):
            nodes.extend(_stand_in(v) for v in args[len(nodes) : len(nodes) + spread])
        else:
            nodes.append(a)
    if len(nodes) != len(args):
        return None
    named = {k.arg: k.value for k in e.keywords if k.arg is not None}
    kws = [ast.keyword(arg=k, value=named.get(k) or _stand_in(v)) for k, v in kwargs.items()]
    return ast.Call(func=e.func, args=nodes, keywords=kws)


def _num(v: Any) -> float | int | None:
    """A number known for certain (not a bool)."""
    return v if v.__class__ in (int, float) else None


def _fmt(v: float | int) -> str:
    return f"{v:g}"  # torch prints a double's shortest form: ``2``, ``-0.5``


_INITS = ("torch.nn.init.uniform_", "torch.nn.init.trunc_normal_")


def _init_error(q: str, args: list, kwargs: dict) -> str | None:
    if not args or not isinstance(args[0], Tens) or len(args) > 6:
        return None
    if q.endswith("uniform_"):
        a, b = _num(arg(args, kwargs, 1, "a", 0.0)), _num(arg(args, kwargs, 2, "b", 1.0))
    else:
        mean, std = _num(arg(args, kwargs, 1, "mean", 0.0)), _num(arg(args, kwargs, 2, "std", 1.0))
        a, b = _num(arg(args, kwargs, 3, "a", -2.0)), _num(arg(args, kwargs, 4, "b", 2.0))
        if mean is None or std is None or not std > 0:
            return None
    if a is None or b is None or not a > b:
        return None
    return f"RuntimeError: uniform_ expects to return a [from, to) range, but found from={_fmt(a)} > to={_fmt(b)}"


@hooks.before(141)  # ``nn.init.uniform_`` / ``trunc_normal_`` bounds
def init_bounds(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return
    q = getattr(fv, "qual", None)
    if q not in _INITS:
        return
    splat = any(isinstance(a, ast.Starred) for a in e.args) or any(
        k.arg is None for k in e.keywords
    )
    if splat and not seen_whole(f, e):
        return
    err = _init_error(q, args, kwargs)
    if err is not None:
        f.crash(fr.loc(e), err)


_ONE_HOT = ("torch.nn.functional.one_hot",)


@hooks.before(142)  # ``F.one_hot`` of known values
def one_hot_values(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.forward import dataflow_known

    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return
    if getattr(fv, "qual", None) not in _ONE_HOT or not args or len(args) > 2:
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    n = arg(args, kwargs, 1, "num_classes", -1)
    arr = dataflow_known.array(f, args[0])
    if n.__class__ is not int or arr is None or not arr.size:
        return
    if getattr(arr.dtype, "kind", None) not in ("i", "u"):
        return
    lo, hi = int(arr.min()), int(arr.max())
    if lo < 0:
        err = "Class values must be non-negative."
    elif n >= 1 and hi >= n:
        err = "Class values must be smaller than num_classes."
    else:
        return
    f.crash(fr.loc(e), f"RuntimeError: one_hot: {err} (values {lo}..{hi}, num_classes={n})")


_SWALR = ("torch.optim.swa_utils.SWALR",)
_GROUP_WRITES = (".param_groups.append", ".param_groups.extend", ".param_groups.insert",
                 ".param_groups.pop", ".param_groups.remove", ".param_groups.clear",
                 ".param_groups =", ".param_groups +=", ".param_groups[:]", "del opt.param_groups")  # fmt: skip


def _groups_rewritten(f: Any, path: str) -> bool:
    """The source at ``path`` writes an optimizer's ``param_groups`` list itself (or cannot
    be read)."""
    memo = f.run_state.setdefault("fix38b_group_writes", {})
    if path not in memo:
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError:
            text = None
        memo[path] = text is None or any(w in text for w in _GROUP_WRITES)
    return memo[path]


@hooks.before(143)  # ``SWALR(opt, swa_lr=[...])`` of another length than the groups
def swalr_length(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.forward.dataflow_fix33b import Optim

    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return
    if getattr(fv, "qual", None) not in _SWALR:
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    opt = arg(args, kwargs, 0, "optimizer", None)
    lrs = arg(args, kwargs, 1, "swa_lr", None)
    if not isinstance(opt, Optim) or opt.sizes is None or lrs.__class__ not in (list, tuple):
        return
    loc = fr.loc(e)
    if len(lrs) == len(opt.sizes) or _groups_rewritten(f, loc[0]):
        return
    f.crash(loc, "ValueError: swa_lr must have the same length as optimizer.param_groups. "
            f"swa_lr has {len(lrs)} values, param_groups has {len(opt.sizes)}.")  # fmt: skip


_SPECTRAL = {"torch.stft": "stft", "torch.functional.stft": "stft", "torch.istft": "istft"}


def _spectral_error(name: str, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    if not args or not isinstance(args[0], Tens):
        return None
    n_fft = arg(args, kwargs, 1, "n_fft", None)
    hop = arg(args, kwargs, 2, "hop_length", None)
    win = arg(args, kwargs, 3, "win_length", None)
    window = arg(args, kwargs, 4, "window", None)
    win = n_fft if win is None else win
    if hop.__class__ is int and hop <= 0:
        return f"RuntimeError: {name}: expected hop_length > 0, but got hop_length={hop}"
    if name != "istft" or win.__class__ is not int:
        return None
    if hop.__class__ is int and hop > win:
        return f"RuntimeError: istft: expected 0 < hop_length <= win_length (hop_length={hop}, win_length={win})"
    shape = known_shape(window) if isinstance(window, Tens) else None
    if shape is not None and tuple(shape) != (win,):
        return (
            "RuntimeError: istft: Invalid window shape. window has to be 1D and length of "
            f"`win_length` (window {list(shape)}, win_length={win})"
        )
    return None


@hooks.before(144)  # ``stft`` / ``istft`` hop length and window
def spectral_args(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return
    name = _SPECTRAL.get(getattr(fv, "qual", None))
    if name is None:
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    err = _spectral_error(name, args, kwargs)
    if err is not None:
        f.crash(fr.loc(e), err)


_CKPT_SEQ = ("torch.utils.checkpoint.checkpoint_sequential",)


def _functions(run: Any, v: Any) -> int | None:
    """How many functions ``checkpoint_sequential`` walks in ``v``, where known."""
    from driftcheck.parsers.source.forward import dataflow_grown
    from driftcheck.parsers.source.values.abstract import Obj
    from driftcheck.parsers.source.values.dataflow_values import Mod

    if v.__class__ in (list, tuple):
        return len(v)
    if not isinstance(v, Mod):
        return None
    m = run.f.resolve(v.obj)
    if not isinstance(m, Obj) or m.kind != "Sequential" or m.cls is not None:
        return None
    if dataflow_grown.grown(run.f, m) or getattr(m, "none_keys", None):
        return None
    # ``children()`` yields a module held twice once (torch's memo): counted by identity, the
    # items' own objects (folded repeat items resolve to one node)
    own = v.obj if isinstance(v.obj, Obj) and list(v.obj.children) == list(m.children) else m
    kids = list(own.children.values())
    if any(c is None for c in kids):
        return None
    return len({id(c) for c in kids})


@hooks.before(145)  # ``checkpoint_sequential`` segment count
def checkpoint_segments(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return
    if getattr(fv, "qual", None) not in _CKPT_SEQ or len(args) < 2:
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    segments, n = args[1], _functions(run, args[0])
    if segments.__class__ is not int or n is None:
        return
    if segments == 0:
        f.crash(
            fr.loc(e),
            f"ZeroDivisionError: integer division or modulo by zero ({n} functions // 0 segments)",
        )
    elif 0 <= n < segments:
        f.crash(
            fr.loc(e),
            f"ValueError: range() arg 3 must not be zero ({n} functions in {segments} segments: size 0)",
        )


# torch 2.13: the methods each family inherits from ``Distribution`` (which raises
# NotImplementedError), for the families ``dataflow_fix27b.DistTens`` is made for
BASE_ONLY = {
    "Bernoulli": ("cdf", "icdf"),
    "Beta": ("cdf", "icdf", "enumerate_support"),
    "Categorical": ("cdf", "icdf"),
    "Cauchy": ("enumerate_support",),
    "Chi2": ("icdf", "enumerate_support"),
    "ContinuousBernoulli": ("enumerate_support",),
    "Exponential": ("enumerate_support",),
    "FisherSnedecor": ("cdf", "icdf", "entropy", "enumerate_support"),
    "Gamma": ("icdf", "enumerate_support"),
    "GeneralizedPareto": ("enumerate_support",),
    "Geometric": ("cdf", "icdf", "enumerate_support"),
    "Gumbel": ("enumerate_support",),
    "HalfCauchy": ("enumerate_support",),
    "HalfNormal": ("enumerate_support",),
    "InverseGamma": ("enumerate_support",),
    "Kumaraswamy": ("enumerate_support",),
    "Laplace": ("enumerate_support",),
    "LogNormal": ("enumerate_support",),
    "Normal": ("enumerate_support",),
    "Pareto": ("enumerate_support",),
    "Poisson": ("cdf", "icdf", "enumerate_support"),
    "StudentT": ("cdf", "icdf", "enumerate_support"),
    "Uniform": ("enumerate_support",),
    "VonMises": ("cdf", "icdf", "entropy", "enumerate_support"),
    "Weibull": ("enumerate_support",),
}


@hooks.before(146)  # a distribution method torch's class does not implement
def dist_method(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.forward.dataflow_fix27b import DistTens
    from driftcheck.parsers.source.values.dataflow_values import Bound

    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return
    if not isinstance(fv, Bound) or not isinstance(fv.target, DistTens):
        return
    family = fv.target.family
    if fv.name in BASE_ONLY.get(family, ()):
        f.crash(fr.loc(e), f"NotImplementedError: {family}.{fv.name}: torch.distributions.{family} "
                f"does not implement it (Distribution.{fv.name} raises)")  # fmt: skip


_MASKED = (
    "torch.masked.masked_tensor",
    "torch.masked.as_masked_tensor",
    "torch.masked.MaskedTensor",
    "torch.masked.maskedtensor.core.masked_tensor",
    "torch.masked.maskedtensor.core.as_masked_tensor",
    "torch.masked.maskedtensor.core.MaskedTensor",
)


def _masked_error(f: Any, data: Any, mask: Any) -> str | None:
    from driftcheck.parsers.source.forward import dataflow_args, dataflow_checks
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    if not isinstance(data, Tens) or not isinstance(mask, Tens):
        return None
    if type(data) is not Tens or type(mask) is not Tens:
        return None  # (a distribution object or another kind the pass holds as a tensor)
    dt = dataflow_checks.fact(f, mask, "dtype")
    if dt is not None and dt != dataflow_args.BOOL:
        return "TypeError: mask must have dtype bool."
    a, b = known_shape(data), known_shape(mask)
    if a is None or b is None:
        return None
    if len(a) != len(b):
        return "ValueError: data.dim() must equal mask.dim()"
    if tuple(a) != tuple(b):
        return f"ValueError: data.size() must equal mask.size() ({list(a)} and {list(b)})"
    return None


@hooks.before(147)  # ``masked_tensor(data, mask)``
def masked_args(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return
    if getattr(fv, "qual", None) not in _MASKED:
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    err = _masked_error(f, arg(args, kwargs, 0, "data", None), arg(args, kwargs, 1, "mask", None))
    if err is not None:
        f.crash(fr.loc(e), err)


@hooks.before(148)  # ``torch.linalg.vander(x, N=1)``
def linalg_vander(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return
    if getattr(fv, "qual", None) != "torch.linalg.vander" or len(args) > 1:
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    x, n = arg(args, kwargs, 0, "x", None), kwargs.get("N")
    if isinstance(x, Tens) and n.__class__ is int and n <= 1:
        f.crash(fr.loc(e), f"RuntimeError: N must be greater than 1. (linalg.vander N={n})")
