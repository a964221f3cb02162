"""Session 39 (crashfix39b): argument checks torch runs on entry (crash fresh31 dev misses),
each a model of torch 2.13's source, checked in torch with clean twins (``tests/test_crash39b.py``).

- ``torch.autograd.functional.jacobian(f, inputs, strategy="forward-mode")``: ``vectorize=False``
  (the default) is NotImplementedError in ``_jacfwd`` (after its ``strict`` check and
  ``_as_tuple(inputs)``: both only raise too), ``create_graph=True`` is NotImplementedError
  first; a strategy other than the two names: AssertionError. ``hessian(...,
  outer_jacobian_strategy=...)`` ends in ``jacobian(jac_func, inputs, create_graph, strict,
  vectorize, strategy=outer_jacobian_strategy)``: the same rule.
- ``F.grid_sample(x, grid, mode="bicubic")`` of a 5-D ``x``: ``grid_sampler()`` raises
  ("bicubic interpolation only supports 4D input"); every check ahead of it raises too.
- ``torch.linalg.householder_product(A, tau)`` of known shapes: ``A`` of rank >= 2 with
  ``A.shape[-2] >= A.shape[-1] >= tau.shape[-1]``, ``tau`` of rank ``A.ndim - 1`` and the
  same batch dims, else RuntimeError (``linalg_householder_product`` checks).
- ``F.cross_entropy(x, t, ignore_index=k)`` with ``t`` of ``x``'s known shape (class
  probabilities) and a known int ``k >= 0``: "ignore_index is not supported for floating
  point target" (an integer ``t`` of that shape raises its own dtype error first).
- ``nn.utils.spectral_norm(m, n_power_iterations=k)`` / ``nn.utils.parametrizations.spectral_norm``
  with a known int ``k <= 0``: ValueError "Expected n_power_iterations to be positive".
- ``torch.quasirandom.SobolEngine(dimension)`` with a known int outside ``[1, 21201]``: ValueError.
  One in range is held as a ``Sobol`` (after-hook 73) counting the points it generated:
  ``eng.draw(n)`` is an ``(n, d)`` tensor, ``eng.draw_base2(m)`` a ``(2**m, d)`` one, and
  raises ValueError where the count after it is no power of two (``fast_forward(n)`` counts).
- ``torch.gradient(t, spacing=[...], dim=[...])``: a list/tuple spacing of another length than
  a list/tuple ``dim`` (an int ``dim`` counts as one): RuntimeError.
- ``torch.distributions.transforms.ReshapeTransform(in_shape, out_shape)`` of known sizes with
  different products: ValueError "in_shape, out_shape have different numbers of elements".
- ``torch.func.jacrev(f, argnums=(0, 0))(a, b)`` (``grad`` / ``grad_and_value`` / ``jacfwd`` /
  ``hessian``): a tuple ``argnums`` with a repeated or no item raises RuntimeError on every
  call of the transformed function (``_slice_argnums``; before ``f`` runs): the transform's
  unknown result becomes a ``BadArgnums`` (after-hook 72), whose calls are the crash.
- ``F.scaled_dot_product_attention(q, k, v, attn_mask=m, enable_gqa=True)`` with fewer key
  heads than query heads: ``m`` must broadcast to the scores ``(*batch, Hq, L, S)``.
- ``torch.linalg.tensorsolve(A, B)`` / ``tensorinv(A, ind)`` of known shapes: torch's product
  requirement (RuntimeError).
- ``out, vjp_fn = torch.func.vjp(f, *primals)`` of a module / function of the code's own: ``f``
  is run on the primals (after-hook 76; torch runs it there too), ``vjp_fn`` kept as a
  ``Pullback`` holding the output's shape; ``vjp_fn(ct)`` of a cotangent of another shape:
  "Mismatch in shape" (``_make_grads``), else one tensor per primal of its shape.
- ``torch.func.functional_call(m, (d1, d2), args)``: a key seen in two of the dicts is
  ValueError (the keys of ``dict(pairs)`` of known ``(str, value)`` pairs are kept aside by an
  after-hook, 74: the pass's ``dict(...)`` keeps only keywords).
- ``torch.set_rng_state(t)`` of a tensor whose dtype fact is not uint8: TypeError
  (``torch.get_rng_state()`` is a uint8 tensor of 5056 items: after-hook 71).
- ``torch.geqrf(A)`` of a known shape: its two results with their shapes (an after-hook, 75,
  ahead of ``_made_hook``), so ``householder_product(a[:, :k], tau)`` is judged.

The rules run from one call hook (``called``, before-order 161: ahead of ``_none_hook``, after
crashgen39's 151-159), each keyed by the callee's qualified name.
``DRIFTCHECK_NO_FIX39B=1`` turns the module off.
"""

from __future__ import annotations

import ast
import math
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import arg
from driftcheck.parsers.source.values.dataflow_values import Tens, Unk, known_shape


def _off(f: Any) -> bool:
    return f.switches.get("DRIFTCHECK_NO_FIX39B") == "1"


def _ready(run: Any, e: Any, fr: Any) -> Any:
    """The flow when a rule may judge call ``e``: real sizes, not speculative, no splat."""
    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return None
    if not isinstance(e, ast.Call):
        return None
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return None
    return f


def _is_bool(v: Any) -> bool:
    return v.__class__ in (bool, int)


# ---------------------------------------------------------------- jacobian / hessian strategy
_JAC = {
    "torch.autograd.functional.jacobian": ("strategy", 5),
    "torch.autograd.functional.hessian": ("outer_jacobian_strategy", 5),
}


def _jacobian_error(q: str, args: list, kwargs: dict) -> str | None:
    key, pos = _JAC[q]
    if len(args) > 6:
        return None
    strategy = arg(args, kwargs, pos, key, "reverse-mode")
    create = arg(args, kwargs, 2, "create_graph", False)
    strict = arg(args, kwargs, 3, "strict", False)
    vec = arg(args, kwargs, 4, "vectorize", False)
    inputs = arg(args, kwargs, 1, "inputs", None)
    if not isinstance(strategy, str):
        return None
    if strategy not in ("forward-mode", "reverse-mode"):
        return 'AssertionError: Expected strategy to be either "forward-mode" or "reverse-mode".'
    if strategy != "forward-mode":
        return None
    if not (_is_bool(create) and _is_bool(strict) and _is_bool(vec)):
        return None
    if create:
        return (
            "NotImplementedError: torch.autograd.functional.jacobian: `create_graph=True` and "
            '`strategy="forward-mode"` are not supported together (yet).'
        )
    ins = inputs if inputs.__class__ is tuple else (inputs,)
    if vec or not ins or not all(isinstance(t, Tens) for t in ins):
        return None  # (strict: RuntimeError, no tensor: TypeError; not claimed)
    if strict:
        return (
            "RuntimeError: torch.autograd.functional.jacobian: `strict=True` and "
            '`strategy="forward-mode"` are not supported together (yet).'
        )
    return (
        "NotImplementedError: Computing Jacobian using forward-AD or forward-over-reverse Hessian "
        "is only implemented for `vectorize=True`."
    )


# rule: ``jacobian(..., strategy="forward-mode")`` not vectorized
def jacobian_strategy(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    q = getattr(fv, "qual", None)
    if q not in _JAC:
        return
    f = _ready(run, e, fr)
    if f is None:
        return
    err = _jacobian_error(q, args, kwargs)
    if err is not None:
        f.crash(fr.loc(e), err)


# ---------------------------------------------------------------- grid_sample bicubic 5-D
_GRID = ("torch.nn.functional.grid_sample",)


# rule: ``F.grid_sample(vol, grid, mode="bicubic")`` of a 5-D input
def grid_bicubic(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    if getattr(fv, "qual", None) not in _GRID:
        return
    f = _ready(run, e, fr)
    if f is None or len(args) > 5:
        return
    x, grid = arg(args, kwargs, 0, "input", None), arg(args, kwargs, 1, "grid", None)
    mode = arg(args, kwargs, 2, "mode", "bilinear")
    if mode != "bicubic" or not isinstance(x, Tens) or not isinstance(grid, Tens):
        return
    if x.shape is None or len(x.shape) != 5:
        return
    f.crash(fr.loc(e), "RuntimeError: grid_sampler(): bicubic interpolation only supports 4D input")


# ---------------------------------------------------------------- householder_product
_HOUSE = ("torch.linalg.householder_product", "torch.orgqr")


def _householder_error(a: tuple, t: tuple) -> str | None:
    name = "torch.linalg.householder_product"
    if len(a) < 2:
        return f"RuntimeError: {name}: input must have at least 2 dimensions."
    if a[-2] < a[-1]:
        return f"RuntimeError: {name}: input.shape[-2] must be greater than or equal to input.shape[-1]"
    if not t or a[-1] < t[-1]:
        if not t:
            return None  # (a 0-dim tau: the rank check below, message not modelled)
        return (
            f"RuntimeError: {name}: input.shape[-1] must be greater than or equal to tau.shape[-1]"
        )
    if len(t) != len(a) - 1:
        return f"RuntimeError: {name}: Expected tau to have one dimension less than input, but got tau.ndim equal to {len(t)} and input.ndim is equal to {len(a)}"
    if tuple(t[:-1]) != tuple(a[:-2]):
        return f"RuntimeError: {name}: Expected batch dimensions of tau to be equal to input.shape[:-2]"
    return None


# rule: ``householder_product(A, tau)`` of known shapes
def householder(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    if getattr(fv, "qual", None) not in _HOUSE:
        return
    f = _ready(run, e, fr)
    if f is None or len(args) > 2:
        return
    a = known_shape(arg(args, kwargs, 0, "input", None))
    t = known_shape(arg(args, kwargs, 1, "tau", None))
    if a is None or t is None:
        return
    err = _householder_error(tuple(a), tuple(t))
    if err is not None:
        f.crash(fr.loc(e), err)


# ---------------------------------------------------------------- soft-target cross entropy
_CE = ("torch.nn.functional.cross_entropy",)


# rule: ``F.cross_entropy(x, probs, ignore_index=k)``, ``k >= 0``
def ce_soft_ignore(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    if getattr(fv, "qual", None) not in _CE:
        return
    f = _ready(run, e, fr)
    if f is None or len(args) > 8:
        return
    x, t = arg(args, kwargs, 0, "input", None), arg(args, kwargs, 1, "target", None)
    k = arg(args, kwargs, 4, "ignore_index", -100)
    sx = known_shape(x) if isinstance(x, Tens) else None
    st = known_shape(t) if isinstance(t, Tens) else None
    if sx is None or st is None or tuple(sx) != tuple(st) or k.__class__ is not int or k < 0:
        return
    if len(sx) == 0:
        return  # (a 0-dim input: another check)
    f.crash(fr.loc(e), "RuntimeError: ignore_index is not supported for floating point target")


# ---------------------------------------------------------------- spectral_norm iterations
_SN = ("torch.nn.utils.spectral_norm", "torch.nn.utils.parametrizations.spectral_norm")


# rule: ``spectral_norm(m, n_power_iterations=0)``
def sn_iterations(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    if getattr(fv, "qual", None) not in _SN:
        return
    f = _ready(run, e, fr)
    if f is None or len(args) > 5:
        return
    k = arg(args, kwargs, 2, "n_power_iterations", 1)
    if k.__class__ is not int or k > 0:
        return
    f.crash(
        fr.loc(e),
        f"ValueError: Expected n_power_iterations to be positive, but got n_power_iterations={k}",
    )


# ---------------------------------------------------------------- SobolEngine dimension
_SOBOL = ("torch.quasirandom.SobolEngine",)
_SOBOL_MAXDIM = 21201


# rule: ``SobolEngine(0)`` / past its table
def sobol_dimension(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    if getattr(fv, "qual", None) not in _SOBOL:
        return
    f = _ready(run, e, fr)
    if f is None or len(args) > 3:
        return
    d = arg(args, kwargs, 0, "dimension", None)
    if d.__class__ is not int or 1 <= d <= _SOBOL_MAXDIM:
        return
    f.crash(
        fr.loc(e),
        f"ValueError: Supported range of dimensionality for SobolEngine is [1, {_SOBOL_MAXDIM}]",
    )


class Sobol(Unk):
    """What ``SobolEngine(d)`` returns in ``forward`` (a known int ``d`` in range): an unknown
    value (as ``UNK`` is) that is a Sobol engine of dimension ``d`` for certain, with the count
    of points it has generated (``num``; None once not followed: a call in speculative code,
    an unknown count)."""

    __slots__ = ("dim", "num")

    def __init__(self, dim: int) -> None:
        super().__init__()
        self.dim, self.num = dim, 0

    def __repr__(self) -> str:
        return f"UNK(SobolEngine {self.dim}, {self.num} drawn)"


_SOBOL_OUT = "fix39b_sobol_out"  # run_state: id(call node) -> (node, shape of the draw)


@hooks.after(73)  # session 39 (crashfix39b): ``SobolEngine(d)`` / its draws
def sobol_made(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    """``SobolEngine(d)``: a ``Sobol`` in place of an unknown result; ``eng.draw(n)`` /
    ``eng.draw_base2(m)`` (``sobol_method`` kept the shape): a tensor ``(n, d)``."""
    from driftcheck.parsers.source.values.dataflow_values import UNK

    f = run.f
    if f.input_shape is None or _off(f) or not isinstance(e, ast.Call):
        return None
    if getattr(fv, "qual", None) in _SOBOL:
        if out is not UNK or len(args) > 3 or any(isinstance(a, ast.Starred) for a in e.args):
            return None
        d = arg(args, kwargs, 0, "dimension", None)
        if d.__class__ is not int or not 1 <= d <= _SOBOL_MAXDIM:
            return None
        return Sobol(d)
    got = f.run_state.get(_SOBOL_OUT, {}).pop(id(e), None)
    if got is None or got[0] is not e or not (out is UNK or isinstance(out, Tens)):
        return None
    return Tens(out.src if isinstance(out, Tens) else None, got[1])


def _receiver(run: Any, e: Any, fr: Any) -> Any:
    """The object of a method call ``x.m(...)`` / ``self.x.m(...)`` (a plain read)."""
    v = e.func.value if isinstance(e.func, ast.Attribute) else None
    if isinstance(v, ast.Name) or (isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name)):
        try:
            return run.eval(v, fr)
        except Exception:  # noqa: BLE001 - a read the pass cannot make: no receiver
            return None
    return None


def sobol_method(run: Any, e: Any, eng: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``eng.fast_forward(n)`` / ``eng.draw(n)`` / ``eng.draw_base2(m)`` / ``eng.reset()`` of a
    ``Sobol``: the count followed; ``draw_base2`` whose total ``num + 2**m`` is no power of two
    is torch's ValueError."""
    f = run.f
    name = e.func.attr
    if f.speculative or fr is None or any(isinstance(a, ast.Starred) for a in e.args):
        eng.num = None if name in ("fast_forward", "draw", "draw_base2", "reset") else eng.num
        return
    if name == "reset" and not args:
        eng.num = 0
        return
    if name not in ("fast_forward", "draw", "draw_base2"):
        return
    if name == "fast_forward":
        n = arg(args, kwargs, 0, "n", None)
    elif name == "draw":
        n = arg(args, kwargs, 0, "n", 1)
    else:
        m = arg(args, kwargs, 0, "m", None)
        n = 2**m if m.__class__ is int and 0 <= m < 63 else None
    if n.__class__ is not int or n < 0:
        eng.num = None
        return
    if name == "draw_base2" and eng.num is not None:
        total = eng.num + n
        if total & (total - 1) != 0 and not _off(f) and _only_drawn(e, eng, fr):
            f.crash(fr.loc(e), "ValueError: The balance properties of Sobol' points require n to "
                    f"be a power of 2. {eng.num} points have been previously generated, then: "
                    f"n={eng.num}+2**{m}={total}.")  # fmt: skip
            eng.num = None
            return
    if name != "fast_forward" and arg(args, kwargs, 1, "out", None) is None:
        f.run_state.setdefault(_SOBOL_OUT, {})[id(e)] = (e, (n, eng.dim))
    eng.num = None if eng.num is None else eng.num + n


_SOBOL_STEPS = ("fast_forward", "draw", "draw_base2", "reset")


def _only_drawn(e: ast.Call, eng: Sobol, fr: Any) -> bool:
    """Whether the engine's count is all the draws the pass followed (review39 M5): in the
    function running ``e``, every read of a name now bound to the engine is the receiver of
    ``fast_forward`` / ``draw`` / ``draw_base2`` / ``reset`` called; for an engine held as
    ``self.<a>``, every ``.<a>`` of the module is (or is the engine's construction). Anything
    else -- ``eng.num_generated = 0``, ``setattr(eng, ...)``, ``eng.__dict__``, an alias
    ``e2 = eng``, the engine passed to a call or stored in a list, ``eng.__init__(...)`` --
    may change the count unseen: no verdict."""
    recv = e.func.value if isinstance(e.func, ast.Attribute) else None
    fn = getattr(getattr(fr, "func", None), "node", None)
    if isinstance(recv, ast.Name):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return False
        aliases = {k for k, v in fr.locals.items() if v is eng}
        return bool(aliases) and _steps_only(fn, lambda n: isinstance(n, ast.Name)
                                             and n.id in aliases and isinstance(n.ctx, ast.Load))  # fmt: skip
    if isinstance(recv, ast.Attribute) and isinstance(recv.value, ast.Name):
        tree = getattr(getattr(fr, "mod", None), "tree", None)
        if tree is None:
            return False
        attr = recv.attr
        return _steps_only(tree, lambda n: isinstance(n, ast.Attribute) and n.attr == attr,
                           made_ok=True)  # fmt: skip
    return False


def _steps_only(tree: ast.AST, is_eng: Any, made_ok: bool = False) -> bool:
    """Every node ``is_eng`` accepts under ``tree`` is a step call's receiver (or, with
    ``made_ok``, the target of ``<x>.<a> = SobolEngine(...)``)."""
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    for node in ast.walk(tree):
        if not is_eng(node):
            continue
        up = parents.get(id(node))
        call = parents.get(id(up)) if up is not None else None
        if (
            isinstance(up, ast.Attribute)
            and up.value is node
            and up.attr in _SOBOL_STEPS
            and isinstance(call, ast.Call)
            and call.func is up
        ):
            continue
        if (
            made_ok
            and isinstance(getattr(node, "ctx", None), ast.Store)
            and isinstance(up, ast.Assign)
            and len(up.targets) == 1
            and isinstance(up.value, ast.Call)
            and _callee_tail(up.value) == "SobolEngine"
        ):
            continue
        return False
    return True


def _callee_tail(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


# ---------------------------------------------------------------- torch.gradient spacing
_GRADIENT = ("torch.gradient",)


# rule: ``torch.gradient(t, spacing=[a], dim=(2, 3))``
def gradient_spacing(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    if getattr(fv, "qual", None) not in _GRADIENT:
        return
    f = _ready(run, e, fr)
    if f is None or len(args) > 1 or not args or not isinstance(args[0], Tens):
        return
    spacing, dim = kwargs.get("spacing"), kwargs.get("dim")
    if spacing.__class__ not in (list, tuple):
        return
    if dim is None:
        rank = len(args[0].shape) if args[0].shape is not None else None
        if rank is not None and len(spacing) != rank:
            f.crash(fr.loc(e), "RuntimeError: torch.gradient expected spacing to be unspecified, "
                    f"a scalar, or a list of length equal to 'self.dim() = {rank}', since dim "
                    f"argument was not given, but got a list of length {len(spacing)}")  # fmt: skip
        return
    if dim.__class__ is int:
        n_dim = 1
    elif dim.__class__ in (list, tuple) and all(d.__class__ is int for d in dim):
        n_dim = len(dim)
    else:
        return
    if len(spacing) == n_dim:
        return
    f.crash(fr.loc(e), "RuntimeError: torch.gradient expected spacing to be unspecified, a scalar "
            "or it's spacing and dim arguments to have the same length, but got a spacing argument "
            f"of length {len(spacing)} and a dim argument of length {n_dim}.")  # fmt: skip


# ---------------------------------------------------------------- ReshapeTransform sizes
_RESHAPE_T = ("torch.distributions.transforms.ReshapeTransform",
              "torch.distributions.ReshapeTransform")  # fmt: skip


def _sizes(v: Any) -> tuple | None:
    if v.__class__ not in (tuple, list) and v.__class__.__name__ != "Size":
        return None
    try:
        items = tuple(v)
    except TypeError:
        return None
    if not all(d.__class__ is int for d in items):
        return None
    return items


# rule: ``ReshapeTransform((6,), (2, 4))``
def reshape_transform(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    if getattr(fv, "qual", None) not in _RESHAPE_T:
        return
    f = _ready(run, e, fr)
    if f is None or len(args) > 4:
        return
    a = _sizes(arg(args, kwargs, 0, "in_shape", None))
    b = _sizes(arg(args, kwargs, 1, "out_shape", None))
    if a is None or b is None or math.prod(a) == math.prod(b):
        return
    f.crash(fr.loc(e), "ValueError: in_shape, out_shape have different numbers of elements")


# ---------------------------------------------------------------- torch.func argnums
_ARGNUMS = frozenset(
    f"{m}.{n}"
    for m in ("torch.func", "functorch")
    for n in ("grad", "grad_and_value", "jacrev", "jacfwd", "hessian")
)


class BadArgnums(Unk):
    """What ``jacrev(f, argnums=(0, 0))`` returns: an unknown value (as ``UNK`` is) that is a
    transformed function whose every call raises (``message``)."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def __repr__(self) -> str:
        return "UNK(transform with bad argnums)"


def _argnums_error(argnums: Any) -> str | None:
    """torch's ``_check_unique_non_empty`` of a tuple ``argnums`` (its ints known)."""
    if argnums.__class__ is not tuple or not all(a.__class__ is int for a in argnums):
        return None
    if not argnums:
        return "RuntimeError: argnums must be non-empty"
    if len(set(argnums)) != len(argnums):
        return f"RuntimeError: argnums elements must be unique, got {argnums}"
    return None


@hooks.after(72)  # session 39 (crashfix39b): ``jacrev(f, argnums=(0, 0))``
def argnums_made(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    """``jacrev(f, argnums=(0, 0))`` (an unknown result): a ``BadArgnums``."""
    from driftcheck.parsers.source.values.dataflow_values import UNK

    f = run.f
    if getattr(fv, "qual", None) not in _ARGNUMS or f.input_shape is None or _off(f):
        return None
    if out is not UNK or not isinstance(e, ast.Call) or len(args) > 2:
        return None
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return None
    err = _argnums_error(arg(args, kwargs, 1, "argnums", 0))
    return None if err is None else BadArgnums(err)


def argnums_applied(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """A call of a ``BadArgnums``: torch's ``_slice_argnums`` raises on every call of the
    transformed function, before ``f`` runs."""
    f = run.f
    if f.input_shape is None or f.speculative or fr is None or _off(f):
        return
    f.crash(fr.loc(e), fv.message)


# ---------------------------------------------------------------- geqrf's two results
_GEQRF = ("torch.geqrf",)


@hooks.after(75)  # session 39 (crashfix39b): ``a, tau = torch.geqrf(w)`` of a known shape
def geqrf_made(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    """``torch.geqrf(A)`` of a known shape ``(*, m, n)``: the pair ``(a, tau)`` of shapes
    ``(*, m, n)`` and ``(*, min(m, n))`` (torch's ``geqrf`` meta function), where the pass
    held one tensor of no shape."""
    f = run.f
    if getattr(fv, "qual", None) not in _GEQRF or f.input_shape is None or _off(f):
        return None
    if len(args) != 1 or kwargs or not isinstance(out, Tens) or out.shape is not None:
        return None
    if not isinstance(e, ast.Call) or len(e.args) != 1 or e.keywords:
        return None
    s = known_shape(args[0])
    if s is None or len(s) < 2:
        return None
    s = tuple(s)
    return (Tens(out.src, s), Tens(out.src, (*s[:-2], min(s[-2], s[-1]))))


# ---------------------------------------------------------------- SDPA mask under GQA
_SDPA = ("torch.nn.functional.scaled_dot_product_attention",)


def _aligned(a: tuple, b: tuple) -> list:
    n = max(len(a), len(b))
    return list(zip((1,) * (n - len(a)) + tuple(a), (1,) * (n - len(b)) + tuple(b)))


def sdpa_gqa_mask(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``F.scaled_dot_product_attention(q, k, v, attn_mask=m, enable_gqa=True)`` with fewer key
    heads than query heads (``dataflow_masks.sdpa_mask`` leaves that pair alone): the scores
    are ``(*batch, Hq, L, S)``, the key's heads repeated to the query's; ``m`` must broadcast
    to them (torch adds it to the scores), else RuntimeError."""
    f = _ready(run, e, fr)
    if f is None or len(args) > 3:
        return
    if kwargs.get("enable_gqa") is not True:
        return
    q, k = arg(args, kwargs, 0, "query", None), arg(args, kwargs, 1, "key", None)
    mask = kwargs.get("attn_mask")
    sq = known_shape(q) if isinstance(q, Tens) else None
    sk = known_shape(k) if isinstance(k, Tens) else None
    sm = known_shape(mask) if isinstance(mask, Tens) else None
    if sq is None or sk is None or sm is None or len(sq) < 3 or len(sk) < 3:
        return
    if sq[-3] == sk[-3] or sk[-3] == 0 or sq[-3] % sk[-3] != 0 or sq[-1] != sk[-1]:
        return  # same heads: the plain rule; heads that do not divide: another error
    lead = []
    for a, b in _aligned(sq[:-3], sk[:-3]):
        if a != b and 1 not in (a, b):
            return
        lead.append(max(a, b))
    scores = (*lead, sq[-3], sq[-2], sk[-2])
    if len(sm) <= len(scores) and all(a in (1, b) for a, b in _aligned(sm, scores)):
        return
    f.crash(fr.loc(e), f"RuntimeError: scaled_dot_product_attention: attn_mask of shape "
            f"{list(sm)} does not broadcast to the attention scores {list(scores)} (enable_gqa)")  # fmt: skip


# ---------------------------------------------------------------- tensorsolve / tensorinv
_TSOLVE = ("torch.linalg.tensorsolve",)
_TINV = ("torch.linalg.tensorinv",)
_TREQ = "RuntimeError: Expected self to satisfy the requirement prod(self.shape[{a}:]) == prod(self.shape[:{a}]), but got {p} != {q}"


def tensor_solve(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``torch.linalg.tensorsolve(A, B)`` (no ``dims``): ``prod(A.shape[B.ndim:])`` must be
    ``B.numel()``; ``torch.linalg.tensorinv(A, ind)``: ``ind > 0`` and
    ``prod(A.shape[ind:]) == prod(A.shape[:ind])`` (torch's ``linalg_tensorsolve`` /
    ``linalg_tensorinv`` checks), else RuntimeError."""
    f = _ready(run, e, fr)
    if f is None:
        return
    q = getattr(fv, "qual", None)
    a = known_shape(arg(args, kwargs, 0, "A", None))
    if a is None:
        return
    if q in _TSOLVE:
        b = known_shape(arg(args, kwargs, 1, "B", None))
        if b is None or len(args) > 2 or arg(args, kwargs, 2, "dims", None) is not None:
            return
        if len(b) > len(a):
            return
        p, r = math.prod(a[len(b) :]), math.prod(b)
        if p != r:
            f.crash(fr.loc(e), _TREQ.format(a="other.ndim", p=p, q=r))
        return
    ind = arg(args, kwargs, 1, "ind", 2)
    if ind.__class__ is not int or len(args) > 2:
        return
    if ind <= 0:
        f.crash(
            fr.loc(e),
            f"RuntimeError: Expected a strictly positive integer for 'ind', but got {ind}",
        )
        return
    p, r = math.prod(a[ind:]), math.prod(a[:ind])
    if p != r:
        f.crash(fr.loc(e), _TREQ.format(a="ind", p=p, q=r))


# ---------------------------------------------------------------- torch.func.vjp pullback
_VJP = ("torch.func.vjp", "functorch.vjp")


class Pullback(Unk):
    """The ``vjp_fn`` of ``out, vjp_fn = torch.func.vjp(f, *primals)`` where the pass ran ``f``
    on the primals (known shapes) and got one tensor of known shape: ``out`` and the primals'
    shapes are kept; to every other rule it is the unknown it was."""

    __slots__ = ("out", "primals")

    def __init__(self, out: tuple, primals: tuple) -> None:
        super().__init__()
        self.out, self.primals = out, primals

    def __repr__(self) -> str:
        return f"UNK(vjp_fn {list(self.out)})"


@hooks.after(76)  # session 39 (crashfix39b): ``torch.func.vjp(f, x)`` / its ``vjp_fn(ct)``
def vjp_made(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    """``torch.func.vjp(f, *primals)`` of a module / function of the code's own and tensors of
    known shapes: ``f`` is run on them (torch runs it once there) and the pair ``(out,
    Pullback)`` returned; ``vjp_fn(ct)`` of a ``Pullback``: one tensor per primal, its shape."""
    from driftcheck.parsers.source.values.dataflow_values import Mod, UserFunc

    f = run.f
    if (
        f.input_shape is None
        or _off(f)
        or f.speculative
        or fr is None
        or not isinstance(e, ast.Call)
    ):
        return None
    if isinstance(fv, Pullback):
        if len(args) != 1 or kwargs or not isinstance(args[0], Tens):
            return None
        if tuple(known_shape(args[0]) or ()) != fv.out:
            return None
        return tuple(Tens(None, s) for s in fv.primals)
    if getattr(fv, "qual", None) not in _VJP or kwargs or len(args) < 2:
        return None
    if any(isinstance(a, ast.Starred) for a in e.args) or e.keywords:
        return None
    fn, primals = args[0], args[1:]
    if not (isinstance(fn, (Mod, UserFunc)) or hasattr(fn, "local_def")):
        return None
    shapes = [known_shape(t) if isinstance(t, Tens) else None for t in primals]
    if any(s is None for s in shapes):
        return None
    before = len(f.crashes)
    res = run.calls.call_value(fn, list(primals), {}, fr, e)
    so = known_shape(res) if isinstance(res, Tens) else None
    if len(f.crashes) != before or so is None:
        return None
    return (res, Pullback(tuple(so), tuple(tuple(s) for s in shapes)))


def pullback_called(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``vjp_fn(ct)`` with a cotangent of another known shape than ``f``'s output: torch's
    ``_make_grads`` raises (the shape check ``grad_shape_error`` models)."""
    from driftcheck.parsers.source.forward.dataflow_fix32b import grad_shape_error

    f = _ready(run, e, fr)
    if f is None or len(args) != 1 or kwargs or not isinstance(args[0], Tens):
        return
    err = grad_shape_error(Tens(None, fv.out), args[0])
    if err is not None:
        f.crash(fr.loc(e), err)


# ---------------------------------------------------------------- functional_call dicts
_FCALL = ("torch.func.functional_call",)


_PAIRS = "fix39b_dict_pairs"  # run_state: id(dict) -> (dict, keys of its pairs)


@hooks.after(74)  # session 39 (crashfix39b): ``dict(m.named_parameters())``: its keys, aside
def dict_pairs(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    """``dict(pairs)`` of a list of ``(str, value)`` pairs the pass holds: the pass's own
    ``dict(...)`` keeps only keywords, so the pairs' keys are kept aside for
    ``fcall_overlap`` (no value changes)."""
    f = run.f
    if getattr(fv, "qual", None) != "builtins.dict" or f.input_shape is None or _off(f):
        return None
    if len(args) != 1 or out.__class__ is not dict or not isinstance(e, ast.Call):
        return None
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        return None
    pairs = args[0]
    if pairs.__class__ not in (list, tuple):
        return None
    if not all(p.__class__ is tuple and len(p) == 2 and p[0].__class__ is str for p in pairs):
        return None
    f.run_state.setdefault(_PAIRS, {})[id(out)] = (out, [p[0] for p in pairs])
    return None


_DROPS = (".pop(", ".popitem(", ".clear(", "del ", "delattr(", ".__delitem__(")


def _drops_keys(f: Any, path: str) -> bool:
    """The source at ``path`` may delete a dict's keys (or cannot be read): the pairs' keys
    kept aside may be gone there, so none is read."""
    memo = f.run_state.setdefault("fix39b_drops", {})
    if path not in memo:
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError:
            text = None
        memo[path] = text is None or any(w in text for w in _DROPS)
    return memo[path]


def _keys(f: Any, d: dict, path: str) -> list:
    got = f.run_state.get(_PAIRS, {}).get(id(d))
    extra = got[1] if got is not None and got[0] is d and not _drops_keys(f, path) else []
    return list(dict.fromkeys([*extra, *d]))


def fcall_overlap(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``torch.func.functional_call(m, (d1, d2), args)``: a key in more than one of the dicts
    is torch's ValueError ("... appeared in multiple dictionaries")."""
    f = _ready(run, e, fr)
    if f is None or len(args) > 6:
        return
    dicts = arg(args, kwargs, 1, "parameter_and_buffer_dicts", None)
    if dicts.__class__ not in (list, tuple) or not dicts:
        return
    if not all(d.__class__ is dict and all(k.__class__ is str for k in d) for d in dicts):
        return
    count: dict[str, int] = {}
    loc = fr.loc(e)
    for d in dicts:
        for k in _keys(f, d, loc[0]):
            count[k] = count.get(k, 0) + 1
    repeated = [k for k, n in count.items() if n > 1]
    if repeated:
        f.crash(
            fr.loc(e),
            f"ValueError: {repeated} appeared in multiple dictionaries; behavior of functional call is ambiguous",
        )


# ---------------------------------------------------------------- set_rng_state dtype
_RNG_SET = ("torch.set_rng_state", "torch.random.set_rng_state")


_RNG_GET = ("torch.get_rng_state", "torch.random.get_rng_state")
_CPU_STATE = 5056  # bytes of the CPU generator's state (mt19937 + its extras), torch 2.13


@hooks.after(71)  # session 39 (crashfix39b): ``torch.get_rng_state()``: a uint8 tensor
def rng_state_made(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    """``torch.get_rng_state()`` (an unknown result): the CPU generator's state, a uint8
    tensor of 5056 items (so ``.float()`` of it is a float tensor for ``rng_state_dtype``)."""
    from driftcheck.parsers.source.forward import dataflow_checks as dc
    from driftcheck.parsers.source.values.dataflow_values import UNK

    f = run.f
    if getattr(fv, "qual", None) not in _RNG_GET or f.input_shape is None or _off(f):
        return None
    if out is not UNK or args or kwargs:
        return None
    t = Tens(None, (_CPU_STATE,))
    dc.add_facts(f, t, dtype=dc.UINT8)
    return t


def rng_state_dtype(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``torch.set_rng_state(t)`` of a tensor whose dtype fact is not uint8 (``.float()``,
    ``torch.tensor(state.tolist())``: int64): TypeError "RNG state must be a torch.ByteTensor"
    (the generator's ``set_state`` checks the dtype first)."""
    from driftcheck.parsers.source.forward import dataflow_checks as dc

    f = _ready(run, e, fr)
    if f is None or len(args) > 1:
        return
    t = arg(args, kwargs, 0, "new_state", None)
    if not isinstance(t, Tens):
        return
    if dc.fact(f, t, "dtype") in (dc.INT, dc.FLOAT, "float64", "bool", "complex"):
        f.crash(fr.loc(e), "TypeError: RNG state must be a torch.ByteTensor")


# ---------------------------------------------------------------- the one hook
_RULES = (
    (_JAC, jacobian_strategy),
    (_GRID, grid_bicubic),
    (_HOUSE, householder),
    (_CE, ce_soft_ignore),
    (_SN, sn_iterations),
    (_SOBOL, sobol_dimension),
    (_GRADIENT, gradient_spacing),
    (_RESHAPE_T, reshape_transform),
    (_SDPA, sdpa_gqa_mask),
    (_TSOLVE + _TINV, tensor_solve),
    (_FCALL, fcall_overlap),
    (_RNG_SET, rng_state_dtype),
)
_BY_QUAL = {q: rule for quals, rule in _RULES for q in quals}


@hooks.before(161)  # session 39 (crashfix39b): the entry argument checks above
def called(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    q = getattr(fv, "qual", None)
    rule = _BY_QUAL.get(q) if isinstance(q, str) else None
    if rule is not None:
        rule(run, e, fv, args, kwargs, fr)
    elif isinstance(fv, Pullback):
        pullback_called(run, e, fv, args, kwargs, fr)
    elif isinstance(fv, BadArgnums):
        argnums_applied(run, e, fv, args, kwargs, fr)
    elif isinstance(fv, Unk) and isinstance(getattr(e, "func", None), ast.Attribute):
        eng = _receiver(run, e, fr)
        if isinstance(eng, Sobol) and not _off(run.f) and run.f.input_shape is not None:
            sobol_method(run, e, eng, args, kwargs, fr)
