"""Session 40 (crashfix40b): crash classes of crash fresh32 (written blind), each rule a model
of what torch 2.13 does, checked in torch by ``tests/test_crash40b.py`` with clean twins.

- **Module modes**: ``m.train(mode)`` with ``mode`` a known Python number or string (not a
  bool): ``nn.Module.train``'s ValueError "training mode is expected to be boolean";
  ``m.eval(x)`` with any argument: TypeError (``eval`` takes ``self`` only);
  ``m.to_empty(...)`` with a positional argument or without ``device=``: TypeError
  (``device`` is keyword-only and has no default). ``m`` a torch layer (``torch.nn.*``,
  none of which redefines these) or a module of a class of the code's own seen whole that
  defines none of them (``dataflow_fix30b._plain_class``).
- **NestedTensor reductions**: ``torch.nested.nested_tensor(ts, layout=torch.jagged)`` is a
  jagged NestedTensor (its own fact; ``dataflow_fix30b`` now keeps its strided rule for the
  strided layout only: a jagged one reduces over any dim but the batch one, ``keepdim`` or
  not). On either layout ``std`` / ``var`` / ``norm`` / ``median`` / ``nansum`` /
  ``std_mean`` / ``var_mean`` / ``logsumexp`` / ``count_nonzero`` / ``cumsum`` raise
  (NotImplementedError / TypeError, measured); a jagged one reduced over ``dim=0`` alone raises
  RuntimeError ("reducing along the batch dimension but not the ragged dimension").
- ``torch.polygamma(n, x)`` / ``torch.special.polygamma`` / ``x.polygamma(n)`` with a known
  int ``n < 0``: RuntimeError "polygamma(n, x) does not support negative n."
- ``LKJCholesky(dim, ...)`` with a known number ``dim < 2``: ValueError (unconditional, not
  ``validate_args``).
- ``torch.binomial(count, prob)`` with ``count`` or ``prob`` of a known integer / bool
  dtype: ValueError "binomial only supports floating-point dtypes for count".
- ``torch.isin(a, b)`` with either a tensor of known complex dtype: RuntimeError.
- ``t.renorm(p, dim, maxnorm)`` / ``torch.renorm`` / ``renorm_`` with a known number
  ``maxnorm < 0``: RuntimeError "renorm: expected maxnorm to be >= 0".
- ``torch.tensor_split(t, ind)`` / ``t.tensor_split(ind)`` with ``ind`` a tensor of a known
  dtype other than int64 (float, complex, bool, uint8): RuntimeError.
- ``torch.arange(..., dtype=torch.uint16 | uint32 | uint64)`` (no device named): CPU has no
  such kernel (NotImplementedError "arange_cpu" not implemented).

``DRIFTCHECK_NO_FIX40B=1`` turns the module off (the jagged-layout correction of
``dataflow_fix30b`` stays: it makes a wrong answer silent).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import receiver
from driftcheck.parsers.source.values.dataflow_values import Mod, Tens, known_shape

_JAGGED = "fix40b_jagged"  # fact: a jagged-layout NestedTensor

_INT_DTYPES = frozenset({"int64", "int", "int32", "int16", "int8", "uint8", "bool"})
_NOT_LONG = frozenset({"float", "float32", "float64", "float16", "bfloat16", "complex", "bool",
                       "uint8"})  # fmt: skip
_NESTED_NEVER = frozenset({"std", "var", "norm", "median", "nansum", "std_mean", "var_mean",
                           "logsumexp", "count_nonzero", "cumsum"})  # fmt: skip
_JAGGED_BATCH = frozenset({"sum", "mean", "max", "amax", "amin", "min", "prod", "argmax",
                           "argmin", "any", "all"})  # fmt: skip
_UINT_WIDE = frozenset({"torch.uint16", "torch.uint32", "torch.uint64"})
_MODE_NAMES = ("train", "eval", "to_empty", "__getattr__", "__getattribute__", "__class__")


def _off(f: Any) -> bool:
    return f.switches.get("DRIFTCHECK_NO_FIX40B") == "1"


def _dtype(f: Any, t: Any) -> Any:
    from driftcheck.parsers.source.forward import dataflow_checks

    return dataflow_checks.fact(f, t, "dtype") if isinstance(t, Tens) else None


def _num(v: Any) -> bool:
    return type(v) in (int, float)


def _qual(fv: Any) -> str | None:
    q = getattr(fv, "qual", None)
    return q if isinstance(q, str) else None


def _arg(args: list, kwargs: dict, i: int, *names: str) -> Any:
    if len(args) > i:
        return args[i]
    for n in names:
        if n in kwargs:
            return kwargs[n]
    return None


# ---------------------------------------------------------------- module modes
def _plain_module(f: Any, v: Any) -> bool:
    """``v`` a torch layer or a module of the code's own class defining none of the mode
    methods: ``nn.Module``'s ``train`` / ``eval`` / ``to_empty`` run."""
    from driftcheck.parsers.source.forward.dataflow_fix30b import _plain_class
    from driftcheck.parsers.source.forward.dataflow_fix38a_jit import FreshModule
    from driftcheck.parsers.source.values.abstract import Leaf

    if isinstance(v, FreshModule):
        cls = f.run_state.get(_FRESH_CLS, {}).get(id(v))
        return cls is not None and cls[0] is v and _plain_cls(cls[1])
    if not isinstance(v, Mod):
        return False
    obj = f.resolve(v.obj)
    if isinstance(obj, Leaf):
        t = obj.torch
        return isinstance(t, str) and t.startswith("torch.nn.") and ".parallel." not in t
    if not _plain_class(obj, _MODE_NAMES):
        return False
    # an instance attribute of that name (``self.train = ...``) shadows the method
    return not any(n in d for d in (obj.attrs, obj.children, obj.params, obj.buffers)
                   for n in _MODE_NAMES)  # fmt: skip


_FRESH_CLS = "fix40b_fresh_cls"  # id(FreshModule) -> (it, the class of the code's own)


def _plain_cls(cls: Any) -> bool:
    """Every class of ``cls``'s MRO is a class of the code's own defining none of the mode
    methods, or ``nn.Module`` itself (``dataflow_fix30b._plain_class`` for a class)."""
    from driftcheck.parsers.source.interp.objmodel import _NN_MODULE
    from driftcheck.parsers.source.values.abstract import Cls

    try:
        mro = cls.mro()
    except Exception:  # noqa: BLE001 - a class we cannot read: nothing is certain
        return False
    for c in mro:
        if isinstance(c, Cls):
            for st in c.node.body:
                if (
                    isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef))
                    and st.name in _MODE_NAMES
                ):
                    return False
                if isinstance(st, (ast.Assign, ast.AnnAssign)):
                    tgts = st.targets if isinstance(st, ast.Assign) else [st.target]
                    if any(isinstance(t, ast.Name) and t.id in _MODE_NAMES for t in tgts):
                        return False
            if c.node.decorator_list or any(k.arg == "metaclass" for k in c.node.keywords):
                return False
        elif getattr(c, "qual", None) not in _NN_MODULE:
            return False
    return True


@hooks.after(265)  # after dataflow_fix38a_jit.module_made (205)
def fresh_made(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> None:
    """``Block(d)`` built in forward (``FreshModule``): its class, for the mode rules."""
    from driftcheck.parsers.source.forward.dataflow_fix38a_jit import FreshModule
    from driftcheck.parsers.source.values.abstract import Cls

    f = run.f
    if f.input_shape is None or _off(f) or not isinstance(out, FreshModule):
        return
    if isinstance(fv, Cls):
        f.run_state.setdefault(_FRESH_CLS, {})[id(out)] = (out, fv)


def _mode_called(run: Any, e: ast.Call, args: list, kwargs: dict, fr: Any) -> None:
    func = e.func
    if not isinstance(func, ast.Attribute) or func.attr not in ("train", "eval", "to_empty"):
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return
    f = run.f
    if not _plain_module(f, receiver(run, e, fr)):
        return
    loc, name = fr.loc(e), func.attr
    if name == "train":
        if len(e.args) + len(e.keywords) > 1 or (e.keywords and e.keywords[0].arg != "mode"):
            f.crash(loc, "TypeError: Module.train() got unexpected arguments")
            return
        mode = _arg(args, kwargs, 0, "mode")
        if type(mode) in (int, float, str):
            f.crash(loc, "ValueError: training mode is expected to be boolean")
    elif name == "eval":
        if e.args:
            n = len(e.args) + 1
            f.crash(loc, f"TypeError: Module.eval() takes 1 positional argument but {n} were given")
        elif e.keywords:
            f.crash(loc, f"TypeError: Module.eval() got an unexpected keyword argument "
                    f"'{e.keywords[0].arg}'")  # fmt: skip
    elif e.args:
        n = len(e.args) + 1
        f.crash(loc, f"TypeError: Module.to_empty() takes 1 positional argument but {n} were given")
    elif not any(k.arg == "device" for k in e.keywords):
        f.crash(loc, "TypeError: Module.to_empty() missing 1 required keyword-only argument: "
                "'device'")  # fmt: skip


# ---------------------------------------------------------------- nested tensors
def _is_nested(f: Any, t: Any) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_fix30b import _NESTED, _fact

    if not isinstance(t, Tens):
        return None
    if _fact(f, t, _JAGGED):
        return "jagged"
    if _fact(f, t, _NESTED):
        return "strided"
    return None


def _nested_reduced(f: Any, t: Any, name: str, args: list, kwargs: dict, loc: Any) -> None:
    kind = _is_nested(f, t)
    if kind is None:
        return
    if name in _NESTED_NEVER:
        f.crash(loc, f"NotImplementedError: NestedTensor has no {name} kernel ({kind} layout)")
    elif kind == "jagged" and name in _JAGGED_BATCH:
        dim = _arg(args, kwargs, 0, "dim")
        if type(dim) is int and dim == 0:
            f.crash(loc, f"RuntimeError: {name}(): reducing along the batch dimension but not "
                    "the ragged dimension is not supported for nested tensors")  # fmt: skip


@hooks.after(260)  # after dataflow_fix30b's nested maker (80)
def jagged_made(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    """A jagged NestedTensor: a tensor (of unknown shape where the pass has none) with its
    fact, as ``dataflow_fix30b.made`` has it for the strided layout."""
    from driftcheck.parsers.source.forward.dataflow_fix30b import NESTED_MAKERS, _facts

    f = run.f
    if f.input_shape is None or _off(f) or _qual(fv) not in NESTED_MAKERS:
        return None
    if not (args and isinstance(args[0], (list, tuple))) or len(args) > 3:
        return None
    if not isinstance(e, ast.Call):
        return None
    lay = [k for k in e.keywords if k.arg == "layout" or k.arg is None]
    if len(lay) == 1 and lay[0].arg == "layout" and ast.unparse(lay[0].value) == "torch.jagged":
        t = out if isinstance(out, Tens) else Tens(None)
        _facts(f, t, **{_JAGGED: True})
        return t
    return None


# ---------------------------------------------------------------- the calls
@hooks.before(186)
def called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.dataflow_values import Bound

    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return
    if not isinstance(e, ast.Call):
        return
    _mode_called(run, e, args, kwargs, fr)
    loc = fr.loc(e)
    if isinstance(fv, Bound) and isinstance(fv.target, Tens):
        _tensor_method(f, fv.target, fv.name, args, kwargs, loc)
        return
    q = _qual(fv)
    if q is None:
        return
    short = q.rsplit(".", 1)[-1]
    if q.startswith("torch.") and args and isinstance(args[0], Tens):
        if q.count(".") == 1 and short in _NESTED_NEVER | _JAGGED_BATCH:
            _nested_reduced(f, args[0], short, args[1:], kwargs, loc)
    if q in ("torch.polygamma", "torch.special.polygamma"):
        _polygamma(f, _arg(args, kwargs, 0, "n"), loc)
    elif short == "LKJCholesky" and q.startswith("torch.distributions"):
        dim = _arg(args, kwargs, 0, "dim")
        if _num(dim) and dim < 2:
            f.crash(loc, "ValueError: Expected dim to be an integer greater than or equal to 2. "
                    f"Found dim={dim}.")  # fmt: skip
    elif q == "torch.binomial":
        for i, name in enumerate(("count", "prob")):
            t = _arg(args, kwargs, i, name)
            if _dtype(f, t) in _INT_DTYPES:
                f.crash(loc, "ValueError: binomial only supports floating-point dtypes for "
                        f"{name}")  # fmt: skip
                break
    elif q == "torch.isin":
        ts = (_arg(args, kwargs, 0, "elements"), _arg(args, kwargs, 1, "test_elements"))
        if any(_dtype(f, t) == "complex" for t in ts):
            f.crash(loc, "RuntimeError: Unsupported input type encountered for isin(): "
                    "ComplexFloat")  # fmt: skip
    elif q == "torch.renorm" and args and isinstance(args[0], Tens):
        _renorm(f, _arg(args, kwargs, 3, "maxnorm"), loc)
        _dim_range(f, args[0], _arg(args, kwargs, 2, "dim"), loc)
    elif q == "torch.tensor_split" and args and isinstance(args[0], Tens):
        _split(f, args[1:], kwargs, loc)
    elif q == "torch.bucketize":
        b = _arg(args, kwargs, 1, "boundaries")
        bs = known_shape(b) if isinstance(b, Tens) else None
        if bs is not None and len(bs) != 1:
            f.crash(loc, "RuntimeError: boundaries tensor must be 1 dimension, but got "
                    f"dim({len(bs)})")  # fmt: skip
    elif q == "torch.cov" and args and isinstance(args[0], Tens):
        _cov(f, args[0], kwargs, loc)
    elif q == "torch.arange":
        dt = kwargs.get("dtype")
        if _qual(dt) in _UINT_WIDE and "device" not in kwargs and "out" not in kwargs:
            name = {"torch.uint16": "UInt16", "torch.uint32": "UInt32"}.get(_qual(dt), "UInt64")
            f.crash(loc, f"NotImplementedError: \"arange_cpu\" not implemented for '{name}'")


def _tensor_method(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> None:
    if name in _NESTED_NEVER or name in _JAGGED_BATCH:
        _nested_reduced(f, t, name, args, kwargs, loc)
    if name in ("polygamma", "polygamma_"):
        _polygamma(f, _arg(args, kwargs, 0, "n"), loc)
    elif name in ("renorm", "renorm_"):
        _renorm(f, _arg(args, kwargs, 2, "maxnorm"), loc)
        _dim_range(f, t, _arg(args, kwargs, 1, "dim"), loc)
    elif name == "tensor_split":
        _split(f, args, kwargs, loc)
    elif name == "cov" and not args:
        _cov(f, t, kwargs, loc)


def _cov(f: Any, t: Tens, kwargs: dict, loc: Any) -> None:
    """``torch.cov(x, fweights=w, aweights=a)``: a weight of more than one dim, or of another
    count than the observations (``x``'s last dim; its only one for a 1-D ``x``), or
    ``fweights`` of a floating dtype: torch's RuntimeError."""
    xs = known_shape(t)
    if xs is None or len(xs) > 2 or not all(type(d) is int for d in xs):
        return
    obs = xs[-1] if xs else 1
    for name in ("fweights", "aweights"):
        w = kwargs.get(name)
        ws = known_shape(w) if isinstance(w, Tens) else None
        if name == "fweights" and _dtype(f, w) in ("float", "float32", "float64", "complex"):
            f.crash(loc, f"RuntimeError: cov(): expected {name} to have integral dtype")
            return
        if ws is None or not all(type(d) is int for d in ws):
            continue
        if len(ws) > 1:
            f.crash(loc, f"RuntimeError: cov(): expected {name} to have one or fewer dimensions "
                    f"but got {name} with {len(ws)} dimensions")  # fmt: skip
            return
        n = ws[0] if ws else 1
        if n != obs:
            f.crash(loc, f"RuntimeError: cov(): expected {name} to have the same numel as there "
                    f"are observations in the input but got {n} != {obs}")  # fmt: skip
            return


@hooks.after(262)
def polygamma_shape(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    """``x.polygamma(n)`` / ``torch.polygamma(n, x)``: elementwise, ``x``'s shape (the pass
    had lost it: the tensor is not the first argument)."""
    from driftcheck.parsers.source.values.dataflow_values import Bound

    f = run.f
    if f.input_shape is None or _off(f) or not isinstance(out, Tens) or known_shape(out):
        return None
    if type(out) is not Tens:
        return None
    if isinstance(fv, Bound) and fv.name == "polygamma" and isinstance(fv.target, Tens):
        x = fv.target
    elif _qual(fv) in ("torch.polygamma", "torch.special.polygamma") and len(args) == 2:
        x = args[1]
    else:
        return None
    xs = known_shape(x) if type(x) is Tens else None
    if xs is None or not all(type(d) is int for d in xs) or kwargs:
        return None
    return Tens(out.src, tuple(xs))


def _polygamma(f: Any, n: Any, loc: Any) -> None:
    if type(n) is int and n < 0:
        f.crash(loc, "RuntimeError: polygamma(n, x) does not support negative n.")


def _renorm(f: Any, maxnorm: Any, loc: Any) -> None:
    if _num(maxnorm) and maxnorm < 0:
        f.crash(loc, f"RuntimeError: renorm: expected maxnorm to be >= 0 but got {maxnorm}")


def _dim_range(f: Any, t: Tens, dim: Any, loc: Any) -> None:
    """A known int ``dim`` outside ``[-rank, rank - 1]`` of a tensor of known rank."""
    shape = known_shape(t)
    if type(dim) is not int or shape is None:
        return
    r = max(len(shape), 1)
    if not -r <= dim < r:
        f.crash(loc, f"IndexError: Dimension out of range (expected to be in range of "
                f"[{-r}, {r - 1}], but got {dim})")  # fmt: skip


def _split(f: Any, args: list, kwargs: dict, loc: Any) -> None:
    ind = _arg(args, kwargs, 0, "indices_or_sections", "tensor_indices_or_sections")
    dt = _dtype(f, ind)
    if dt in _NOT_LONG:
        word = {"float64": "Double", "uint8": "Byte", "bool": "Bool", "complex": "a complex "
                "dtype"}.get(dt, "Float")  # fmt: skip
        f.crash(loc, "RuntimeError: tensor_split expected tensor_indices_or_sections to have "
                f"dtype of long, but got {word}")  # fmt: skip


# ---------------------------------------------------------------- distributions
_MVN = "MultivariateNormal"
_MATS = ("covariance_matrix", "precision_matrix", "scale_tril")


def _ints(v: Any) -> tuple | None:
    """A shape the pass knows size by size: a tuple / list of ints, ``t.shape``."""
    from driftcheck.parsers.source.values.dataflow_values import ShapeOf, known_shape

    s = known_shape(v.t) if isinstance(v, ShapeOf) else v
    if isinstance(s, (tuple, list)) and all(type(d) is int and d >= 0 for d in s):
        return tuple(s)
    return None


def _validating(f: Any) -> bool:
    """Torch validates a distribution's samples (``validate_args`` defaults to ``__debug__``):
    no code of the run turns it off or names ``validate_args`` at all."""
    from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees
    from driftcheck.parsers.source.forward.dataflow_fix32 import _validation_off

    got = f.run_state.get("fix40b_validate")
    if isinstance(got, bool):
        return got
    trees = own_trees(f.interp)
    on = trees is not None and not _validation_off(f)
    for tree in trees or ():
        if any(isinstance(n, ast.keyword) and n.arg == "validate_args" for n in ast.walk(tree)):
            on = False
            break
    f.run_state["fix40b_validate"] = on
    return on


def _dist(v: Any) -> Any:
    """A distribution of a family the rules model whose shapes are known (the innermost
    family's event is ``()``: ``dataflow_fix27b`` models no other), else None."""
    from driftcheck.parsers.source.forward.dataflow_fix27b import DistTens
    from driftcheck.parsers.source.forward.dist_table import LAST_AXIS, PROBS_SCALAR, SCALAR

    if not isinstance(v, DistTens) or v.batch is None or v.event is None:
        return None
    if v.family not in (*SCALAR, *PROBS_SCALAR, *LAST_AXIS, "Independent", _MVN):
        return None
    if not all(type(d) is int for d in (*v.batch, *v.event)):
        return None
    return v


def _expand_error(old: tuple, new: tuple) -> str | None:
    """``param.expand(new)`` of a parameter of batch shape ``old``: torch's RuntimeError."""
    if len(new) < len(old):
        return (f"RuntimeError: expand: the number of sizes provided ({len(new)}) must be "
                f"greater or equal to the number of dimensions in the tensor ({len(old)})")  # fmt: skip
    for i in range(1, len(old) + 1):
        if old[-i] != new[-i] and old[-i] != 1:
            return (f"RuntimeError: The expanded size of the tensor ({new[-i]}) must match the "
                    f"existing size ({old[-i]}) at non-singleton dimension {len(new) - i}.  "
                    f"Target sizes: {list(new)}.  Tensor sizes: {list(old)}")  # fmt: skip
    return None


def _value_error(d: Any, value: tuple) -> str | None:
    """``Distribution._validate_sample``'s two shape checks (the event's own right-most
    sizes, then broadcasting against ``batch_shape + event_shape``)."""
    event = d.event if d.family == _MVN else ()  # the innermost family's own event
    start = len(value) - len(event)
    if tuple(value[start:] if start >= 0 else value[start:]) != tuple(event):
        return (f"ValueError: The right-most size of value must match event_shape: "
                f"torch.Size({list(value)}) vs torch.Size({list(event)}).")  # fmt: skip
    full = (*d.batch, *d.event)
    for i, j in zip(reversed(value), reversed(full), strict=False):
        if i != 1 and j != 1 and i != j:
            return (f"ValueError: Value is not broadcastable with batch_shape+event_shape: "
                    f"torch.Size({list(value)}) vs torch.Size({list(full)}).")  # fmt: skip
    return None


@hooks.after(261)  # after the distribution makers (dataflow_fix27b / fix32 / fix37d)
def dist_called(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    """``d.expand(shape)`` / ``d.log_prob(v)`` / ``d.sample(shape)`` of a distribution of
    known shapes; ``MultivariateNormal(loc, covariance_matrix=m)`` of known shapes."""
    from driftcheck.parsers.source.forward.dataflow_fix27b import DistTens, _bcast
    from driftcheck.parsers.source.values.dataflow_values import Bound, known_shape

    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return None
    if not isinstance(e, ast.Call):
        return None
    if isinstance(out, DistTens) and out.family == _MVN and out.batch is None:
        loc = _arg(args, kwargs, 0, "loc")
        mats = [_arg(args, kwargs, i + 1, m) for i, m in enumerate(_MATS)]
        mats = [m for m in mats if m is not None]
        ls = known_shape(loc) if isinstance(loc, Tens) else None
        ms = known_shape(mats[0]) if len(mats) == 1 and isinstance(mats[0], Tens) else None
        if ls is None or ms is None or len(ls) < 1 or len(ms) < 2:
            return None
        if not all(type(d) is int for d in (*ls, *ms)) or not ls[-1] == ms[-1] == ms[-2]:
            return None
        batch = _bcast(tuple(ls[:-1]), tuple(ms[:-2]))
        if batch is not None:
            out.batch, out.event = batch, (ls[-1],)
        return None
    if not isinstance(fv, Bound):
        return None
    d = _dist(fv.target)
    if d is None:
        return None
    loc, name = fr.loc(e), fv.name
    if name == "expand" and len(args) == 1 and not kwargs and d.family != _MVN:
        new = _ints(args[0])
        if new is None:
            return None
        err = _expand_error(d.batch, new)
        if err is not None:
            f.crash(loc, err)
            return None
        return DistTens(None, family=d.family, batch=new, event=d.event, rsample=d.rsample)
    if name == "log_prob" and len(args) == 1 and not kwargs and _validating(f):
        v = known_shape(args[0]) if isinstance(args[0], Tens) else None
        if v is None or not all(type(s) is int for s in v):
            return None
        err = _value_error(d, tuple(v))
        if err is not None:
            f.crash(loc, err)
        return None
    if name in ("sample", "rsample") and len(args) + len(kwargs) <= 1 and d.family != _MVN:
        s = _arg(args, kwargs, 0, "sample_shape")
        s = () if s is None else _ints(s)
        if s is None or not isinstance(out, Tens) or isinstance(out, DistTens):
            return None
        if known_shape(out) is None:
            return Tens(out.src, (*s, *d.batch, *d.event))
    return None


# ---------------------------------------------------------------- skip_init
_SKIP_INIT = frozenset({"torch.nn.utils.skip_init", "torch.nn.utils.init.skip_init"})
# torch.nn module classes whose ``__init__`` has no ``device`` parameter (``skip_init``'s
# RuntimeError; checked against ``inspect.signature`` in tests/test_crash40b.py)
NO_DEVICE = frozenset({"Sequential", "ModuleList", "ModuleDict", "ParameterList",
                       "ParameterDict", "ReLU", "GELU", "Tanh", "Sigmoid", "SiLU", "Dropout",
                       "Identity", "Flatten", "Softmax", "LeakyReLU"})  # fmt: skip


def _module_class(run: Any, v: Any) -> str | None:
    """``v`` a torch.nn module class (its name) or a module class of the code's own ("")."""
    from driftcheck.parsers.source.values.abstract import Cls, Ext

    if isinstance(v, Ext) and not isinstance(v.qual, str):
        return None
    if isinstance(v, Ext):
        mod, _, name = v.qual.rpartition(".")
        if mod == "torch.nn" and name[:1].isupper():
            return name
        return None
    if isinstance(v, Cls) and run.f.interp.classes.is_module_cls(v):
        return ""
    return None


@hooks.before(188)
def skip_init_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``skip_init(nn.Linear(4, 4))``: an instance where torch wants the class
    (``issubclass`` TypeError); ``skip_init(nn.Sequential, ...)``: a class whose ``__init__``
    takes no ``device`` (RuntimeError)."""
    from driftcheck.parsers.source.forward.dataflow_common import pure_chain

    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return
    if _qual(fv) not in _SKIP_INIT or not isinstance(e, ast.Call) or not e.args:
        return
    if isinstance(e.args[0], ast.Starred) or "module_cls" in kwargs:
        return
    first = e.args[0]
    if isinstance(first, ast.Call) and pure_chain(first.func):
        try:
            cls = run.eval(first.func, fr)
        except Exception:  # noqa: BLE001 - a chain the pass cannot read: no verdict
            return
        if _module_class(run, cls) is not None:
            f.crash(fr.loc(e), "TypeError: issubclass() arg 1 must be a class")
        return
    if _module_class(run, args[0] if args else None) in NO_DEVICE:
        f.crash(fr.loc(e), "RuntimeError: Module must support a 'device' arg to skip "
                "initialization")  # fmt: skip


# ---------------------------------------------------------------- sparse layouts
_LAYOUT = "fix40b_layout"  # fact: the sparse layout a conversion made ("coo" / "csr" / "csc")
_TO_LAYOUT = {"to_sparse": "coo", "to_sparse_coo": "coo", "to_sparse_csr": "csr",
              "to_sparse_csc": "csc"}  # fmt: skip
# accessors each layout refuses (measured in tests/test_crash40b.py): RuntimeError /
# NotImplementedError "<name> expected sparse ... layout but got <Layout>"
_REFUSED = {
    "coo": frozenset({"crow_indices", "col_indices", "ccol_indices", "row_indices"}),
    "csr": frozenset({"indices", "coalesce", "is_coalesced", "ccol_indices", "row_indices",
                      "_indices", "_values"}),
    "csc": frozenset({"indices", "coalesce", "is_coalesced", "crow_indices", "col_indices",
                      "_indices", "_values"}),
}  # fmt: skip
_LAYOUT_WORD = {"coo": "Sparse", "csr": "SparseCsr", "csc": "SparseCsc"}


@hooks.before(189)
def sparse_accessed(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.forward.dataflow_fix30b import _fact
    from driftcheck.parsers.source.values.dataflow_values import Bound

    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return
    if not isinstance(fv, Bound) or not isinstance(fv.target, Tens):
        return
    lay = _fact(f, fv.target, _LAYOUT)
    if lay in _REFUSED and fv.name in _REFUSED[lay]:
        f.crash(fr.loc(e), f"RuntimeError: {fv.name} expected another sparse layout but got "
                f"{_LAYOUT_WORD[lay]}")  # fmt: skip


@hooks.after(263)
def sparse_made(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    """``d.to_sparse_csr()`` / ``d.to_sparse()`` / ``s.coalesce()`` of a COO tensor: the
    result's layout."""
    from driftcheck.parsers.source.forward.dataflow_fix30b import _fact, _facts
    from driftcheck.parsers.source.values.dataflow_values import Bound

    f = run.f
    if f.input_shape is None or _off(f) or not isinstance(fv, Bound):
        return None
    if not isinstance(fv.target, Tens):
        return None
    name = fv.name
    if name in _TO_LAYOUT and not kwargs and not (name == "to_sparse" and args):
        lay = _TO_LAYOUT[name]
    elif name == "coalesce" and not args and not kwargs and _fact(f, fv.target, _LAYOUT) == "coo":
        lay = "coo"
    else:
        return None
    t = out if type(out) is Tens and out is not fv.target else Tens(None, known_shape(fv.target))
    _facts(f, t, **{_LAYOUT: lay})
    return t


# ---------------------------------------------------------------- dtypes through views
# methods whose result has the receiver's dtype, whatever its dtype (views, copies, shape ops;
# ``view`` / ``to`` / ``type`` can change it and are not here)
_SAME_DTYPE = frozenset({"transpose", "permute", "reshape", "flatten", "unflatten", "unsqueeze",
                         "squeeze", "contiguous", "clone", "detach", "t", "expand", "expand_as",
                         "repeat", "flip", "roll", "narrow", "movedim", "swapaxes", "swapdims",
                         "reshape_as", "tile"})  # fmt: skip
# elementwise math that keeps a complex tensor complex (measured in tests/test_crash40b.py)
_COMPLEX_KEEP = frozenset({"log1p", "exp", "log", "sqrt", "sin", "cos", "tanh", "neg",
                           "reciprocal", "square", "conj", "expm1", "sigmoid"})  # fmt: skip


@hooks.after(264)
def dtype_kept(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> None:
    """``z.transpose(1, 2)`` / ``z.log1p()``: the result's dtype where torch's rule is plain
    (a shape op keeps any dtype; an elementwise function keeps a complex one)."""
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.values.dataflow_values import Bound

    f = run.f
    if f.input_shape is None or _off(f) or type(out) is not Tens:
        return
    if isinstance(fv, Bound) and isinstance(fv.target, Tens):
        src, name = fv.target, fv.name
    elif (_qual(fv) or "").count(".") == 1 and _qual(fv).startswith("torch.") and args:
        src, name = args[0], _qual(fv).rsplit(".", 1)[-1]
    else:
        return
    if src is out or "dtype" in kwargs or "out" in kwargs:
        return
    dt = _dtype(f, src)
    if dt is None or _dtype(f, out) is not None:
        return
    if name in _SAME_DTYPE or (name in _COMPLEX_KEEP and dt == "complex"):
        dataflow_checks.add_facts(f, out, replace=False, dtype=dt)


# ---------------------------------------------------------------- tensor_split's pieces
def _split_points(f: Any, ind: Any) -> Any:
    """``tensor_split``'s second argument as an int (sections) or a tuple of ints (indices):
    a Python int / list / tuple, or an int64 tensor whose values the pass knows."""
    from driftcheck.parsers.source.forward import dataflow_known

    if type(ind) is int:
        return ind
    if isinstance(ind, (list, tuple)) and all(type(i) is int for i in ind):
        return tuple(ind)
    if isinstance(ind, Tens) and _dtype(f, ind) == "int64":
        arr = dataflow_known.array(f, ind)
        if arr is None or getattr(arr, "ndim", 2) > 1:
            return None
        if arr.ndim == 0:
            return int(arr)
        return tuple(int(i) for i in arr.tolist())
    return None


@hooks.after(266)
def split_pieces(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    """``torch.tensor_split(x, [3, 6], dim=1)`` / ``x.tensor_split(torch.tensor([3, 6]))`` /
    ``x.tensor_split(4)`` of ``x`` of known sizes: the tuple of pieces (numpy's
    ``array_split``: sections give the first ``size % n`` pieces one more item; indices cut
    at each point). Only non-negative, non-decreasing indices and positive sections."""
    from driftcheck.parsers.source.values.dataflow_values import Bound

    f = run.f
    if f.input_shape is None or _off(f) or f.speculative or not isinstance(out, Tens):
        return None
    if isinstance(fv, Bound) and fv.name == "tensor_split" and isinstance(fv.target, Tens):
        x, rest = fv.target, list(args)
    elif _qual(fv) == "torch.tensor_split" and args and isinstance(args[0], Tens):
        x, rest = args[0], list(args[1:])
    else:
        return None
    if set(kwargs) - {"dim"} or len(rest) not in (1, 2):
        return None
    xs = known_shape(x)
    dim = rest[1] if len(rest) == 2 else kwargs.get("dim", 0)
    if xs is None or not xs or type(dim) is not int or not all(type(d) is int for d in xs):
        return None
    if not -len(xs) <= dim < len(xs):
        return None
    dim %= len(xs)
    pts, size = _split_points(f, rest[0]), xs[dim]
    if type(pts) is int:
        if pts <= 0:
            return None
        q, r = divmod(size, pts)
        sizes = [q + 1 if i < r else q for i in range(pts)]
    elif isinstance(pts, tuple):
        if any(p < 0 for p in pts) or list(pts) != sorted(pts):
            return None
        cuts = [0, *(min(p, size) for p in pts), size]
        sizes = [b - a for a, b in zip(cuts, cuts[1:], strict=False)]
    else:
        return None
    dt = _dtype(f, x)
    pieces = []
    for n in sizes:
        t = Tens(None, (*xs[:dim], n, *xs[dim + 1 :]))
        if dt is not None:
            from driftcheck.parsers.source.forward import dataflow_checks

            dataflow_checks.add_facts(f, t, replace=False, dtype=dt)
        pieces.append(t)
    return tuple(pieces)
