"""Session 37 (crashfix37b): known crash classes met in new code shapes (crash fresh29), each
rule a model of what torch does, checked in torch (``tests/test_crash37d.py``, with clean twins):

- the strides of a softmax: ``torch.softmax`` / ``torch.log_softmax`` / ``F.softmax`` /
  ``F.log_softmax`` / ``torch.special.softmax`` / the tensor methods / ``nn.Softmax`` /
  ``nn.LogSoftmax`` always return a fresh contiguous tensor, whatever the input's layout (torch
  2.13: its meta kernel sets no strides; measured on CPU and meta for permuted, sliced, expanded
  and channels-last inputs, every dim). ``dataflow_strides`` dropped what it knew after any op
  it did not follow, so ``y = v.softmax(-1); y.permute(0, 2, 1, 3).view(b, t, -1)`` was not
  judged; now the softmax result's strides are known and ``view``'s stride rule runs;
- ``F.interpolate(x, ..., mode=m)`` (``F.upsample`` calls it) of a string ``m`` that none of
  torch's branches takes (``"bilinear2d"``, ``"cubic"``, ...): torch's last line raises
  NotImplementedError "Input Error: Only 3D, 4D and 5D input Tensors supported (got nD) for
  the modes: ...". ``mode_table`` holds only the strings it probed; here any string is judged,
  but only where nothing before that line can raise first: a 3-, 4- or 5-dimensional input,
  exactly one of ``size`` / ``scale_factor``, a number or a list of the right length,
  ``recompute_scale_factor`` and ``antialias`` left out or False;
- ``torch.einsum(eq, a, b)`` of a complex tensor and a real one (float32 / float64 / int64 /
  bool dtype facts) contracted over a letter both sides hold with size > 1
  (``dataflow_fix32.einsum_contracts``): the contraction runs as a batched matmul, which takes
  one dtype ("expected scalar type ComplexFloat but found Float"); an outer product or a
  contraction over a size-1 axis promotes instead (measured in torch 2.13 for complex64 /
  complex128 beside float32 / float64 / float16 / int64, both operand orders);
- ``torch.distributions.MultivariateNormal(loc, ...)`` given (not None) more or fewer than one
  of ``covariance_matrix`` / ``precision_matrix`` / ``scale_tril`` (a tensor is surely not None,
  a name left out or a literal None surely is; anything else unknown): torch's ValueError
  "Exactly one of ..."; a ``covariance_matrix`` / ``precision_matrix`` of known shape whose last
  two sizes differ (a vector given as the matrix), its batch broadcasting with ``loc``'s and
  validation not turned off anywhere in the code: the PositiveDefinite constraint's ValueError;
- ``torch.distributions.MixtureSameFamily(mix, comp)``: ``mix`` a ``Categorical`` whose logits /
  probs shape is known (the number of components kept beside its value by an after-hook) and
  ``comp`` a distribution of known, non-empty batch shape (``dataflow_fix27b.DistTens``):
  torch's two checks, the batch shapes broadcast (less ``comp``'s last axis) and the component
  counts agree;
- ``torch.searchsorted(seq, x, side=s)``: a string ``s`` other than "left" / "right" raises, and
  ``side="left"`` with ``right=True`` raises (torch checks ``side`` before any shape);
- ``torch.linalg.eigh`` / ``eigvalsh(A, UPLO=u)``: a string ``u`` other than L / U (either case)
  raises, judged where ``A``'s known shape is a (batch of) square matrices (else torch's shape
  error comes first);
- ``torch.set_default_dtype(d)`` of a dtype the pass knows (``torch.int8``, ``getattr(torch,
  "int8")``, ``ids.dtype`` of a certain int64 / bool tensor: ``dataflow_fix32.DtypeOf``) that is
  not a floating one: TypeError "only floating-point types are supported as the default type";
- ``torch.nn.utils.parametrizations.weight_norm`` / ``torch.nn.utils.weight_norm(m, name,
  dim)`` of a torch layer whose ``name`` tensor's rank is known (Linear / ConvNd /
  ConvTransposeNd / Embedding / Bilinear weights and biases): an int ``dim`` outside
  ``[-rank, rank - 1]`` raises IndexError (``norm_except_dim``); ``parametrizations.orthogonal``
  of a 1-D tensor (a bias): ValueError "Expected a matrix or batch of matrices";
- ``torch.utils.data.StackDataset(*ds)`` / ``(**ds)`` of datasets whose lengths
  ``dataflow_fix36b_data`` knows (``TensorDataset`` of known first sizes, ``Subset`` of known
  indices) that differ: ValueError "Size mismatch between datasets"; positional and keyword
  datasets both given: its other ValueError;
- ``torch.optim.LBFGS(params)`` of a list of more than one parameter-group dict (each with a
  non-empty list of tensors, the list's length certain): ValueError "LBFGS doesn't support
  per-parameter options (parameter groups)";
- ``t.register_post_accumulate_grad_hook(fn)`` of a tensor whose autograd record
  (``dataflow_fix32``, every fact certain) says it requires grad and is not a leaf (a view of a
  parameter, an activation): "post accumulate grad hooks cannot be registered on non-leaf
  tensors"; one that surely does not require grad: "cannot register a hook on a tensor that
  doesn't require gradient";
- ``torch.jit.script(fn)`` of an undecorated plain function of the code (not a method) whose
  signature has ``*args`` / ``**kwargs`` / a keyword-only parameter with a default
  (NotSupportedError "Compiled functions can't take variable number of arguments ...") or
  whose body (nested functions, classes and lambdas left out) holds a ``try`` statement
  (UnsupportedNodeError "try blocks aren't supported"), checked in that order as TorchScript's
  frontend does;
- ``torch.optim.Adam`` / ``AdamW(params, lr=t, foreach=True)`` with ``t`` a tensor and
  ``capturable`` not True: ValueError at construction (the other optimizers do not check there);
- ``torch.signal.windows.<name>(M, ...)`` (no ``dtype`` / ``layout`` given): an int ``M < 0``
  (``w - 2 * p``), then ``kaiser``'s ``beta < 0``, ``exponential``'s ``tau <= 0`` or a
  ``center`` given with ``sym`` left True, ``gaussian``'s ``std <= 0``: torch's ValueErrors
  (``torch/signal/windows/windows.py``, checked in that order);
- ``CyclicLR(opt, ...)`` / ``OneCycleLR(opt, ...)`` with ``cycle_momentum`` on (its default) of
  an optimizer made in ``forward`` (``dataflow_fix33b.Optim``, its class known) whose defaults
  hold neither ``momentum`` nor ``betas`` (Adagrad, Adadelta, Rprop, ASGD, LBFGS, Adafactor;
  measured in torch 2.13): ValueError "optimizer must support momentum or beta1 with
  `cycle_momentum` option enabled", judged where every argument torch reads before is a plain
  valid value;
- ``torch.func.vmap(f, ..., chunk_size=c)`` / ``torch.vmap``: an int ``c <= 0`` raises ValueError
  at the ``vmap`` call (``h.shape[0] // 8`` of a small batch), a ``randomness`` other than
  "error" / "different" / "same" a RuntimeError there; the function ``vmap`` returns (a
  ``VmapFn``, unknown to every other rule as before) called with another number of positional
  arguments than a tuple ``in_dims`` holds, or with ``in_dims`` a list: vmap's ValueError;
- ``torch.func.jvp(f, primals, tangents)``: ``primals`` a tensor or a list (not a tuple): "Expected
  primals to be a tuple"; a tuple of ``primals`` with ``tangents`` a tensor or a list: "Expected
  primals and tangents to have the same python structure";
- ``torch.autograd.backward(tensors, grad_tensors)``: a list / tuple of ``n`` tensors with fewer
  gradients (a list / tuple of known length, or one tensor: 1): "got n tensors and m
  gradients" (more gradients than tensors pass: torch zips them).

``DRIFTCHECK_NO_FIX37D=1`` turns the module off (also the speculative run of a custom
Function's ``backward`` that counts its gradients, ``dataflow_fix34c._run_count``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import spread
from driftcheck.parsers.source.values.dataflow_values import Unk

_SOFTMAX_FNS = frozenset(
    {
        "torch.softmax",
        "torch.log_softmax",
        "torch.nn.functional.softmax",
        "torch.nn.functional.log_softmax",
        "torch.special.softmax",
        "torch.special.log_softmax",
    }
)
_SOFTMAX_LAYERS = frozenset({"Softmax", "LogSoftmax"})
_INTERP = frozenset({"torch.nn.functional.interpolate", "torch.nn.functional.upsample"})
# every mode one of ``F.interpolate``'s branches takes (torch 2.13 torch/nn/functional.py)
INTERP_MODES = frozenset(
    {"nearest", "area", "nearest-exact", "linear", "bilinear", "bicubic", "trilinear", "lanczos"}
)


def _live(f: Any, fr: Any) -> bool:
    """A before-hook's rule may claim a crash here: the module on, real sizes, a certain
    path, a frame to place it in."""
    return not (_off(f) or f.input_shape is None or f.speculative or fr is None)


def _off(f: Any) -> bool:
    return f.switches.get("DRIFTCHECK_NO_FIX37D") == "1"


def _softmax_input(f: Any, fv: Any, args: list, kwargs: dict) -> Any:
    """The input tensor of a softmax call, or None where ``fv`` is no softmax."""
    from driftcheck.parsers.source.forward.dataflow_fix30b import _torch_leaf
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import Bound, Tens

    if isinstance(fv, Ext) and fv.qual in _SOFTMAX_FNS:
        x = args[0] if args else kwargs.get("input")
    elif isinstance(fv, Bound) and isinstance(fv.target, Tens):
        if fv.name not in ("softmax", "log_softmax"):
            return None
        x = fv.target
    else:
        leaf = _torch_leaf(f, fv)
        if leaf is None or leaf.type not in _SOFTMAX_LAYERS or len(args) != 1 or kwargs:
            return None
        x = args[0]
    return x if isinstance(x, Tens) else None


@hooks.after(190)
def softmax_strides(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    """A softmax's result is a fresh contiguous tensor (its strides known from its shape)."""
    from driftcheck.parsers.source.forward import dataflow_checks, dataflow_strides
    from driftcheck.parsers.source.values.dataflow_values import Tens

    f = run.f
    if _off(f) or f.input_shape is None or not isinstance(out, Tens) or "out" in kwargs:
        return None
    x = _softmax_input(f, fv, args, kwargs)
    if x is None or x is out:
        return None
    shape = dataflow_strides._shape(out)
    if shape is not None:
        st = dataflow_strides.contiguous_strides(shape)
        dataflow_checks.add_facts(f, out, **{dataflow_strides.KEY: st})
    return None


def _num(v: Any) -> bool:
    return v.__class__ in (int, float)


def interp_error(x: Any, args: list, kwargs: dict) -> str | None:
    """torch's last-line error of ``F.interpolate(x, *args, **kwargs)`` where the mode is a
    string none of its branches takes and nothing before raises."""
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    def get(i: int, name: str) -> Any:
        if name in kwargs:
            return kwargs[name]
        return args[i] if len(args) > i else None

    if len(args) > 6 or set(kwargs) - {
        "size",
        "scale_factor",
        "mode",
        "align_corners",
        "recompute_scale_factor",
        "antialias",
    }:
        return None
    mode = get(2, "mode")
    if mode.__class__ is not str or mode in INTERP_MODES:
        return None
    shape = known_shape(x)
    if shape is None or len(shape) not in (3, 4, 5):
        return None
    dim = len(shape) - 2
    size, scale = get(0, "size"), get(1, "scale_factor")
    if (size is None) == (scale is None):
        return None
    v = size if size is not None else scale
    if isinstance(v, (list, tuple)):
        if len(v) != dim or not all(i.__class__ is int for i in v):
            return None
    elif not (v.__class__ is int if size is not None else _num(v)):
        return None
    if get(3, "align_corners") not in (None, True, False):
        return None
    if get(4, "recompute_scale_factor") not in (None, False):
        return None
    if get(5, "antialias") not in (None, False):
        return None
    return (
        f"NotImplementedError: Input Error: Only 3D, 4D and 5D input Tensors supported (got "
        f"{len(shape)}D) for the modes: nearest | linear | bilinear | bicubic | trilinear | "
        f"lanczos | area | nearest-exact (got {mode})"
    )


@hooks.before(194)
def interp_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import Tens

    f = run.f
    if not _live(f, fr):
        return
    if not isinstance(fv, Ext) or fv.qual not in _INTERP or not args:
        return
    if spread(e):
        return
    if not isinstance(args[0], Tens) or "input" in kwargs:
        return
    err = interp_error(args[0], list(args[1:]), kwargs)
    if err is not None:
        f.crash(fr.loc(e), err)


_REAL = frozenset({"float", "float64", "int64", "bool", "uint8"})


@hooks.before(195)
def einsum_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.forward import dataflow_checks
    from driftcheck.parsers.source.forward.dataflow_fix32 import einsum_contracts
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

    f = run.f
    if not _live(f, fr):
        return
    if not isinstance(fv, Ext) or fv.qual != "torch.einsum" or kwargs or not args:
        return
    if any(isinstance(a, ast.Starred) for a in e.args) or not isinstance(args[0], str):
        return
    ops = list(args[1:])
    if len(ops) == 1 and isinstance(ops[0], (list, tuple)):
        ops = list(ops[0])
    if len(ops) != 2 or not all(isinstance(t, Tens) for t in ops):
        return
    kinds = [dataflow_checks.fact(f, t, "dtype") for t in ops]
    if sorted(k == "complex" for k in kinds) != [False, True]:
        return
    if not all(k == "complex" or k in _REAL for k in kinds):
        return
    sa, sb = known_shape(ops[0]), known_shape(ops[1])
    if sa is None or sb is None:
        return
    c = einsum_contracts(args[0], sa, sb)
    if c is not None:
        f.crash(fr.loc(e), f"RuntimeError: einsum(): a complex operand contracted with a real "
                f"one over '{c}' (a batched matmul takes one dtype: expected scalar type "
                f"Complex... but found a real one)")  # fmt: skip


_MVN = frozenset(
    {
        "torch.distributions.MultivariateNormal",
        "torch.distributions.multivariate_normal.MultivariateNormal",
    }
)
_MIX = frozenset(
    {
        "torch.distributions.MixtureSameFamily",
        "torch.distributions.mixture_same_family.MixtureSameFamily",
    }
)
_CAT = frozenset({"torch.distributions.Categorical", "torch.distributions.categorical.Categorical"})
_KCOUNT = "fix37d_categorical_k"  # id(dist) -> (dist, number of categories)
_MATS = ("covariance_matrix", "precision_matrix", "scale_tril")


def _given(v: Any) -> bool | None:
    """Whether an argument is surely not None (True), surely None (False), or unknown."""
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if v is None:
        return False
    if isinstance(v, Tens):
        return True
    return None


def mvn_error(f: Any, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_fix27b import _bcast
    from driftcheck.parsers.source.forward.dataflow_fix32 import _validation_off
    from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

    names = ("loc", *_MATS, "validate_args")
    if len(args) > len(names) or set(kwargs) - set(names) or set(kwargs) & set(names[: len(args)]):
        return None
    got = dict(zip(names, args, strict=False))
    got.update(kwargs)
    loc = got.get("loc")
    if not isinstance(loc, Tens):
        return None
    ls = known_shape(loc)
    if ls is None or len(ls) < 1:
        return None
    given = [_given(got.get(m)) for m in _MATS]
    if None in given:
        return None
    if sum(given) != 1:
        return (
            "ValueError: Exactly one of covariance_matrix or precision_matrix or scale_tril "
            "may be specified."
        )
    va = got.get("validate_args")
    if va is False or (va is None and _validation_off(f)) or va not in (None, True):
        return None
    for m in _MATS[:2]:
        ms = known_shape(got.get(m)) if got.get(m) is not None else None
        if ms is None or len(ms) < 2 or ms[-1] == ms[-2] or 0 in ms or 0 in ls:
            continue
        batch = _bcast(tuple(ms[:-2]), tuple(ls[:-1]))
        if batch is None:
            return None
        return (
            f"ValueError: Expected parameter {m} (Tensor of shape "
            f"{tuple(batch) + tuple(ms[-2:])}) of distribution MultivariateNormal to satisfy "
            "the constraint PositiveDefinite(), but found invalid values (a matrix of "
            f"{ms[-2]} x {ms[-1]} is not square)"
        )
    return None


def mixture_error(f: Any, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_fix27b import DistTens

    names = ("mixture_distribution", "component_distribution", "validate_args")
    if len(args) > 3 or set(kwargs) - set(names) or set(kwargs) & set(names[: len(args)]):
        return None
    got = dict(zip(names, args, strict=False))
    got.update(kwargs)
    mix, comp = got.get("mixture_distribution"), got.get("component_distribution")
    if not isinstance(mix, DistTens) or not isinstance(comp, DistTens):
        return None
    kept = f.run_state.get(_KCOUNT, {}).get(id(mix))
    if kept is None or kept[0] is not mix or mix.batch is None:
        return None
    km = kept[1]
    cb = comp.batch
    if cb is None or not cb:
        return None
    mdbs, cdbs = tuple(mix.batch), tuple(cb[:-1])
    for a, b in zip(reversed(mdbs), reversed(cdbs), strict=False):
        if a != 1 and b != 1 and a != b:
            return (
                f"ValueError: `mixture_distribution.batch_shape` (torch.Size({list(mdbs)})) is "
                f"not compatible with `component_distribution.batch_shape`"
                f"(torch.Size({list(cdbs)}))"
            )
    if km != cb[-1]:
        return (
            f"ValueError: `mixture_distribution component` ({km}) does not equal "
            f"`component_distribution.batch_shape[-1]` ({cb[-1]})"
        )
    return None


@hooks.before(196)
def dist_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.abstract import Ext

    f = run.f
    if not _live(f, fr):
        return
    if not isinstance(fv, Ext) or fv.qual not in _MVN | _MIX:
        return
    if spread(e):
        return
    err = mvn_error(f, args, kwargs) if fv.qual in _MVN else mixture_error(f, args, kwargs)
    if err is not None:
        f.crash(fr.loc(e), err)


@hooks.after(191)
def categorical_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    """``Categorical(logits=t)`` / ``Categorical(probs=t)``: its number of categories
    (``t``'s last size, where ``t``'s shape is known), kept beside the value."""
    from driftcheck.parsers.source.forward.dataflow_fix27b import DistTens
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    f = run.f
    if _off(f) or f.input_shape is None or not isinstance(out, DistTens):
        return None
    if not isinstance(fv, Ext) or fv.qual not in _CAT:
        return None
    if spread(e):
        return None
    names = ("probs", "logits", "validate_args")
    if len(args) > 3 or set(kwargs) - set(names):
        return None
    got = dict(zip(names, args, strict=False))
    got.update(kwargs)
    ps = [got.get(p) for p in names[:2] if got.get(p) is not None]
    if len(ps) != 1:
        return None
    s = known_shape(ps[0])
    if s is None or not s:
        return None
    f.run_state.setdefault(_KCOUNT, {})[id(out)] = (out, s[-1])
    return None


_UPLO = frozenset({"torch.linalg.eigh", "torch.linalg.eigvalsh"})


def arg_error(qual: str, args: list, kwargs: dict) -> str | None:
    """torch's string-argument checks of ``searchsorted`` and ``linalg.eigh`` / ``eigvalsh``."""
    from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

    if qual == "torch.searchsorted":
        if not args or not isinstance(args[0], Tens) or len(args) > 2 or "side" not in kwargs:
            return None
        if set(kwargs) - {"side", "right", "out_int32", "sorter"}:
            return None
        side, right = kwargs["side"], kwargs.get("right", False)
        if side.__class__ is not str or right.__class__ is not bool:
            return None
        if side not in ("left", "right"):
            return (
                f"RuntimeError: torch.searchsorted(): side can only be 'left' or 'right' but "
                f"got {side}"
            )
        if side == "left" and right:
            return (
                "RuntimeError: torch.searchsorted(): side and right can't be set to opposites, "
                "got side of left while right was True"
            )
        return None
    if qual in _UPLO:
        if not args or not isinstance(args[0], Tens) or len(args) > 2:
            return None
        if set(kwargs) - {"UPLO"} or (len(args) == 2 and kwargs):
            return None
        u = args[1] if len(args) == 2 else kwargs.get("UPLO")
        shape = known_shape(args[0])
        if u.__class__ is not str or shape is None or len(shape) < 2 or shape[-1] != shape[-2]:
            return None
        if u not in ("L", "U", "l", "u"):
            return f"RuntimeError: Expected UPLO argument to be 'L' or 'U', but got {u}"
    return None


@hooks.before(197)
def args_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import Bound

    f = run.f
    if not _live(f, fr):
        return
    if isinstance(fv, Bound) and fv.name == "register_post_accumulate_grad_hook":
        err = post_hook_error(f, fv.target)
        if err is not None:
            f.crash(fr.loc(e), err)
        return
    if isinstance(fv, VmapFn):
        err = vmapped_error(fv, e, args, kwargs)
        if err is not None:
            f.crash(fr.loc(e), err)
        return
    if not isinstance(fv, Ext) or fv.qual not in _ARG_QUALS | _STACK | _LBFGS | _SCRIPT | _ADAM:
        return
    if any(isinstance(a, ast.Starred) for a in e.args):
        return
    if fv.qual in _ADAM:
        err = adam_error(args, kwargs) if all(k.arg for k in e.keywords) else None
        if err is not None:
            f.crash(fr.loc(e), err)
        return
    if fv.qual in _SCRIPT:
        err = script_error(args, kwargs)
        if err is not None:
            f.crash(fr.loc(e), err)
        return
    if fv.qual in _STACK | _LBFGS:
        err = (stack_error if fv.qual in _STACK else lbfgs_error)(run, e, args, kwargs)
        if err is not None:
            f.crash(fr.loc(e), err)
        return
    if fv.qual not in _VMAP and any(k.arg is None for k in e.keywords):
        return  # (vmap's rules read only values given: a ``**opts`` the pass knows is fine)
    err = arg_error(fv.qual, args, kwargs) or func_error(fv.qual, args, kwargs)
    if err is not None:
        f.crash(fr.loc(e), err)


# the dtypes ``torch.set_default_dtype`` takes (torch 2.13: every other ``torch.<dtype>`` raises)
FLOAT_DEFAULTS = frozenset({"bfloat16", "double", "float", "float16", "float32", "float64", "half"})
# dtypes ``set_default_dtype`` refuses (checked one by one in tests/test_crash37d.py)
NOT_DEFAULTS = frozenset(
    {
        "bool", "uint8", "int8", "int16", "int32", "int64", "int", "long", "short", "uint16",
        "uint32", "uint64", "complex64", "complex128", "cfloat", "cdouble", "chalf",
        "complex32", "qint8", "quint8", "qint32",
    }
)  # fmt: skip


def default_dtype_error(args: list, kwargs: dict) -> str | None:
    if len(args) + len(kwargs) != 1 or set(kwargs) - {"d"}:
        return None
    d = args[0] if args else kwargs["d"]
    q = getattr(d, "qual", None)
    if not isinstance(q, str) or not q.startswith("torch.") or q.count(".") != 1:
        return None
    if q[6:] in NOT_DEFAULTS:
        return "TypeError: only floating-point types are supported as the default type"
    return None


_WNORM = frozenset({"torch.nn.utils.parametrizations.weight_norm", "torch.nn.utils.weight_norm"})
_ORTHO = frozenset({"torch.nn.utils.parametrizations.orthogonal"})
_CONV = {
    "Conv1d": 1, "Conv2d": 2, "Conv3d": 3, "ConvTranspose1d": 1, "ConvTranspose2d": 2,
    "ConvTranspose3d": 3,
}  # fmt: skip


def param_rank(leaf: Any, name: str) -> int | None:
    """The rank of a torch layer's ``name`` parameter, where the layer surely holds it."""
    t, p = leaf.type, leaf.params
    if leaf.unresolved or leaf.written or leaf.wnorm or leaf.gone or leaf.owned or leaf.tied:
        return None
    if name == "bias":
        if t in ("Linear", "Bilinear", *_CONV) and p.get("bias", True) is True:
            return 1
        return None
    if name != "weight":
        return None
    if t in ("Linear", "Embedding"):
        return 2
    if t == "Bilinear":
        return 3
    if t in _CONV:
        return _CONV[t] + 2
    return None


def parametrize_error(f: Any, qual: str, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_fix30b import _torch_leaf

    if not args:
        return None
    leaf = _torch_leaf(f, args[0])
    if leaf is None or leaf.type != str(leaf.torch).rsplit(".", 1)[-1]:
        return None
    if qual in _WNORM:
        names = ("module", "name", "dim")
    else:
        names = ("module", "name", "orthogonal_map")
    if len(args) > 3 or set(kwargs) - {*names[1:], "use_trivialization"}:
        return None
    got = dict(zip(names, args, strict=False))
    if set(kwargs) & set(got):
        return None
    got.update(kwargs)
    name = got.get("name", "weight")
    if name.__class__ is not str:
        return None
    rank = param_rank(leaf, name)
    if rank is None:
        return None
    if qual in _WNORM:
        d = got.get("dim", 0)
        if d.__class__ is not int or -rank <= d < rank:
            return None
        return (
            f"IndexError: Dimension out of range (expected to be in range of [{-rank}, "
            f"{rank - 1}], but got {d})"
        )
    if rank < 2:
        return (
            "ValueError: Expected a matrix or batch of matrices. Got a tensor of "
            f"{rank} dimensions."
        )
    return None


@hooks.before(198)
def setup_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.abstract import Ext

    f = run.f
    if not _live(f, fr):
        return
    if not isinstance(fv, Ext) or not isinstance(fv.qual, str):
        return
    q = fv.qual
    if q != "torch.set_default_dtype" and q not in _WNORM | _ORTHO and q not in _WINDOWS:
        return
    if spread(e):
        return
    if q in _WINDOWS:
        err = window_error(q.rsplit(".", 1)[-1], args, kwargs)
    elif q == "torch.set_default_dtype":
        err = default_dtype_error(args, kwargs)
    else:
        err = parametrize_error(f, q, args, kwargs)
    if err is not None:
        f.crash(fr.loc(e), err)


# torch 2.13 optimizers whose ``defaults`` hold neither ``momentum`` nor ``betas``
NO_MOMENTUM = frozenset({"Adagrad", "Adadelta", "Rprop", "ASGD", "LBFGS", "Adafactor"})
_CYCLIC = "torch.optim.lr_scheduler.CyclicLR"
_ONECYCLE = "torch.optim.lr_scheduler.OneCycleLR"
_CYCLIC_ARGS = ("optimizer", "base_lr", "max_lr", "step_size_up", "step_size_down", "mode",
                "gamma", "scale_fn", "scale_mode", "cycle_momentum", "base_momentum",
                "max_momentum", "last_epoch")  # fmt: skip
_ONECYCLE_ARGS = ("optimizer", "max_lr", "total_steps", "epochs", "steps_per_epoch",
                  "pct_start", "anneal_strategy", "cycle_momentum", "base_momentum",
                  "max_momentum", "div_factor", "final_div_factor", "three_phase",
                  "last_epoch")  # fmt: skip


def _plain_num(v: Any) -> bool:
    return v.__class__ in (int, float)


def momentum_error(qual: str, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_fix33b import Optim

    names = _CYCLIC_ARGS if qual == _CYCLIC else _ONECYCLE_ARGS
    if len(args) > len(names) or set(kwargs) - set(names) or set(kwargs) & set(names[: len(args)]):
        return None
    got = dict(zip(names, args, strict=False))
    got.update(kwargs)
    opt = got.get("optimizer")
    if not isinstance(opt, Optim) or opt.name not in NO_MOMENTUM:
        return None
    if got.get("cycle_momentum", True) is not True or got.get("last_epoch", -1) != -1:
        return None
    if qual == _CYCLIC:
        if not all(_plain_num(got.get(k)) for k in ("base_lr", "max_lr")):
            return None
        if not _plain_num(got.get("step_size_up", 2000)):
            return None
        if not (got.get("step_size_down") is None or _plain_num(got.get("step_size_down"))):
            return None
        if got.get("mode", "triangular") not in ("triangular", "triangular2", "exp_range"):
            return None
        if got.get("scale_fn") is not None or not _plain_num(got.get("gamma", 1.0)):
            return None
        if got.get("scale_mode", "cycle") not in ("cycle", "iterations"):
            return None
    else:
        total = got.get("total_steps")
        if total is not None:
            if total.__class__ is not int or total <= 0:
                return None
        else:
            ep, per = got.get("epochs"), got.get("steps_per_epoch")
            if ep.__class__ is not int or per.__class__ is not int or ep <= 0 or per <= 0:
                return None
        pct = got.get("pct_start", 0.3)
        if pct.__class__ is not float or not 0 <= pct <= 1:
            return None
        if got.get("anneal_strategy", "cos") not in ("cos", "linear"):
            return None
        if not _plain_num(got.get("max_lr")) or got.get("three_phase", False) not in (True, False):
            return None
        if not all(_plain_num(got.get(k, 1.0)) for k in ("div_factor", "final_div_factor")):
            return None
    return (
        "ValueError: optimizer must support momentum or beta1 with `cycle_momentum` option enabled"
    )


@hooks.before(199)
def schedule_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.abstract import Ext

    f = run.f
    if not _live(f, fr):
        return
    if not isinstance(fv, Ext) or fv.qual not in (_CYCLIC, _ONECYCLE):
        return
    if spread(e):
        return
    err = momentum_error(fv.qual, args, kwargs)
    if err is not None:
        f.crash(fr.loc(e), err)


_VMAP = frozenset({"torch.func.vmap", "torch.vmap", "functorch.vmap"})
_JVP = frozenset({"torch.func.jvp", "functorch.jvp"})


def func_error(qual: str, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if qual in _VMAP:
        names = ("func", "in_dims", "out_dims", "randomness", "chunk_size")
        if len(args) > 5 or set(kwargs) - set(names) or set(kwargs) & set(names[: len(args)]):
            return None
        r = args[3] if len(args) >= 4 else kwargs.get("randomness", "error")
        if r.__class__ in (str, bool, int) and r not in ("error", "different", "same"):
            return (
                "RuntimeError: Only allowed values for randomness are 'error', 'different', or "
                f"'same'. Got {r}"
            )
        c = args[4] if len(args) == 5 else kwargs.get("chunk_size")
        if c.__class__ is int and c <= 0:
            return f"ValueError: vmap: chunk_size should be None or greater than 0. (got {c})"
        return None
    if qual in _JVP:
        if len(args) < 3:
            return None
        primals, tangents = args[1], args[2]
        if isinstance(primals, Tens) or primals.__class__ is list:
            return (
                "RuntimeError: jvp(f, primals, tangents): Expected primals to be a tuple. E.g. "
                "it should be valid to call f(*primals)."
            )
        if (
            primals.__class__ is tuple
            and primals
            and all(isinstance(t, Tens) for t in primals)
            and (isinstance(tangents, Tens) or tangents.__class__ is list)
        ):
            return (
                "RuntimeError: jvp(f, primals, tangents): Expected primals and tangents to "
                "have the same python structure."
            )
        return None
    if qual == "torch.autograd.backward":
        names = ("tensors", "grad_tensors")
        if len(args) > 2 or set(kwargs) & set(names[: len(args)]):
            return None
        got = dict(zip(names, args, strict=False))
        got.update({k: v for k, v in kwargs.items() if k in names})
        ts, gs = got.get("tensors"), got.get("grad_tensors")
        if ts.__class__ not in (list, tuple) or not all(isinstance(t, Tens) for t in ts):
            return None
        if isinstance(gs, Tens):
            m = 1
        elif gs.__class__ in (list, tuple):
            m = len(gs)
        else:
            return None
        if m < len(ts):
            return f"RuntimeError: got {len(ts)} tensors and {m} gradients"
    return None


_ARG_QUALS = _UPLO | _VMAP | _JVP | {"torch.searchsorted", "torch.autograd.backward"}


class VmapFn(Unk):
    """What ``torch.func.vmap(f, in_dims=...)`` returns: an unknown value (as before) whose
    ``in_dims`` the pass knows (a tuple of known length, or a list)."""

    __slots__ = ("in_dims",)

    def __init__(self, in_dims: Any) -> None:
        self.in_dims = in_dims

    def __repr__(self) -> str:
        return "UNK(vmapped)"


def vmapped_error(fv: VmapFn, e: ast.Call, args: list, kwargs: dict) -> str | None:
    if any(isinstance(a, ast.Starred) for a in e.args) or e.keywords or not args:
        return None
    d = fv.in_dims
    if d.__class__ is list:
        return (
            "ValueError: vmap(...)(<inputs>): expected `in_dims` to be int or a (potentially "
            "nested) tuple matching the structure of inputs, got: <class 'list'>."
        )
    if d.__class__ is tuple and len(d) != len(args):
        return (
            f"ValueError: vmap(...)(<inputs>): in_dims is not compatible with the structure of "
            f"`inputs`: in_dims has {len(d)} entries but the call gives {len(args)} inputs."
        )
    return None


@hooks.after(192)
def vmap_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    """``torch.func.vmap(f, in_dims)``: an unknown result becomes a ``VmapFn`` holding a tuple
    (of ints / None) or list ``in_dims`` given."""
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import UNK

    f = run.f
    if _off(f) or f.input_shape is None or out is not UNK:
        return None
    if not isinstance(fv, Ext) or fv.qual not in _VMAP:
        return None
    if any(isinstance(a, ast.Starred) for a in e.args):
        return None
    d = args[1] if len(args) >= 2 else kwargs.get("in_dims")
    if d.__class__ not in (tuple, list) or not all(i is None or i.__class__ is int for i in d):
        return None
    return VmapFn(d)


# torch.signal.windows: the name each window's length check reports (hann, hamming, nuttall and
# general_hamming go through general_cosine)
_WINDOW_NAMES = {
    "cosine": "cosine", "exponential": "exponential", "gaussian": "gaussian",
    "kaiser": "kaiser", "bartlett": "bartlett", "blackman": "blackman",
    "hann": "general_cosine", "hamming": "general_cosine", "nuttall": "general_cosine",
    "general_hamming": "general_cosine",
}  # fmt: skip
_WINDOWS = frozenset(f"torch.signal.windows.{n}" for n in _WINDOW_NAMES)
_WINDOW_PARAM = {"kaiser": ("beta", 12.0), "exponential": ("tau", 1.0), "gaussian": ("std", 1.0)}


def window_error(name: str, args: list, kwargs: dict) -> str | None:
    if len(args) != 1 or {"dtype", "layout"} & set(kwargs):
        return None
    m = args[0]
    if m.__class__ is not int:
        return None
    if m < 0:
        return f"ValueError: {_WINDOW_NAMES[name]} requires non-negative window length, got M={m}"
    if name not in _WINDOW_PARAM:
        return None
    key, default = _WINDOW_PARAM[name]
    v = kwargs.get(key, default)
    if not _plain_num(v):
        return None
    if name == "kaiser" and v < 0:
        return f"ValueError: beta must be non-negative, got: {v} instead."
    if name == "exponential" and v <= 0:
        return f"ValueError: Tau must be positive, got: {v} instead."
    if name == "gaussian" and v <= 0:
        return f"ValueError: Standard deviation must be positive, got: {v} instead."
    if name == "exponential" and kwargs.get("sym", True) is True:
        if "center" in kwargs and kwargs["center"] is not None and _plain_num(kwargs["center"]):
            return "ValueError: Center must be None for symmetric windows"
    return None


_STACK = frozenset({"torch.utils.data.StackDataset", "torch.utils.data.dataset.StackDataset"})


def stack_error(run: Any, e: ast.Call, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_fix36b_data import _get

    if any(k.arg is None for k in e.keywords):
        return None
    if args and kwargs:
        return (
            "ValueError: Supported either ``tuple``- (via ``args``) or``dict``- (via ``kwargs``) "
            "like input/output, but both types are given."
        )
    sizes = []
    for d in [*args, *kwargs.values()]:
        got = _get(run, d)
        if got is None or got[0] not in ("map", "subset"):
            return None
        sizes.append(got[1] if got[0] == "map" else len(got[2]))
    if len(set(sizes)) > 1:
        return "ValueError: Size mismatch between datasets"
    return None


_LBFGS = frozenset({"torch.optim.LBFGS", "torch.optim.lbfgs.LBFGS"})


def lbfgs_error(run: Any, e: ast.Call, args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.forward.dataflow_fix36b_data import _sure_list
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if (
        any(k.arg is None for k in e.keywords)
        or len(args) > 1
        or ("params" in kwargs) == bool(args)
    ):
        return None
    lr = kwargs.get("lr", 1)
    if not _plain_num(lr) or lr < 0:
        return None
    params = args[0] if args else kwargs["params"]
    if params.__class__ is not list or len(params) < 2 or not _sure_list(run, params):
        return None
    for g in params:
        if g.__class__ is not dict or g.get("params").__class__ is not list or not g["params"]:
            return None
        if not all(isinstance(t, Tens) for t in g["params"]):
            return None
        if not _plain_num(g.get("lr", 1)) or g.get("lr", 1) < 0:
            return None
    return "ValueError: LBFGS doesn't support per-parameter options (parameter groups)"


def post_hook_error(f: Any, t: Any) -> str | None:
    from driftcheck.parsers.source.forward import dataflow_fix32 as g
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if not isinstance(t, Tens) or not g._sure(f):
        return None
    r = g._known(f, t)
    if r is None:
        return None
    if r.rg is False:
        return "RuntimeError: cannot register a hook on a tensor that doesn't require gradient"
    if r.rg is True and r.leaf is False:
        return "RuntimeError: post accumulate grad hooks cannot be registered on non-leaf tensors"
    return None


_SCRIPT = frozenset({"torch.jit.script"})


def script_error(args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.values.abstract import Func
    from driftcheck.parsers.source.values.dataflow_values import UserFunc

    if len(args) != 1 or kwargs:
        return None
    fn = args[0]
    if isinstance(fn, UserFunc):
        if fn.self_mod is not None:
            return None
        fn = fn.func
    if not isinstance(fn, Func) or fn.owner is not None:
        return None
    node = fn.node
    if not isinstance(node, ast.FunctionDef) or node.decorator_list:
        return None
    a = node.args
    if a.vararg or a.kwarg or any(d is not None for d in a.kw_defaults):
        return (
            "torch.jit.frontend.NotSupportedError: Compiled functions can't take variable "
            "number of arguments or use keyword-only arguments with defaults"
        )
    todo: list[ast.AST] = list(node.body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(n, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            return "torch.jit.frontend.UnsupportedNodeError: try blocks aren't supported"
        todo.extend(ast.iter_child_nodes(n))
    return None


_ADAM = frozenset(
    {"torch.optim.Adam", "torch.optim.AdamW", "torch.optim.adam.Adam", "torch.optim.adamw.AdamW"}
)


def adam_error(args: list, kwargs: dict) -> str | None:
    from driftcheck.parsers.source.values.dataflow_values import Tens

    if len(args) > 2 or (len(args) == 2 and "lr" in kwargs):
        return None
    lr = args[1] if len(args) == 2 else kwargs.get("lr")
    if not isinstance(lr, Tens) or kwargs.get("foreach") is not True:
        return None
    if kwargs.get("capturable", False) is not False:
        return None
    return "ValueError: lr as a Tensor is not supported for capturable=False and foreach=True"
