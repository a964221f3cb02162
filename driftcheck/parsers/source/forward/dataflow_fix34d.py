"""Session 34 (crashfix34d): sampling at temperature zero.

``logits / 0.0`` (a tensor over a Python number that is exactly zero) makes every element
``inf``, ``-inf`` or ``nan`` (IEEE division, torch's true division of any dtype). The fact
``fix34d_nonfinite`` ("no element is finite") is kept by

- ``+ - * /`` with a finite Python number (``inf * 0`` is ``nan``, ``nan`` stays ``nan``);
- ``masked_fill(mask, v)`` with ``v`` itself not finite (``float("-inf")``: top-k filtering);
- ``clone`` / ``float`` / ``contiguous`` / ``detach``.

``softmax`` / ``log_softmax`` of such a tensor are NaN in every row (a row with ``+inf``
gives ``inf - inf``; a row of ``-inf`` / ``nan`` gives ``nan``): the existing ``hasnan`` fact
(``dataflow_fix31b``), so ``torch.multinomial`` of it raises torch's RuntimeError "probability
tensor contains either `inf`, `nan` or element < 0". Only known, non-empty shapes; nothing is
recorded while the pass is speculative. Switch: ``DRIFTCHECK_NO_TEMP0_34D=1``.
"""

from __future__ import annotations

import ast
import math
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.values.dataflow_values import Tens

KEY = "fix34d_nonfinite"
_KEEP = frozenset({"clone", "float", "contiguous", "detach", "double", "half", "bfloat16"})
_NAN_ROWS = frozenset({"softmax", "log_softmax"})
_ARITH = (ast.Add, ast.Sub, ast.Mult, ast.Div)


def _off(f: Any) -> bool:
    """Whether the rule is switched off for this pass (``Flow.switches``: read once per pass)."""
    return f.switches.get("DRIFTCHECK_NO_TEMP0_34D") == "1"


def _number(v: Any) -> float | int | None:
    """A plain Python int / float (never bool, never a traced hole)."""
    from driftcheck.parsers.source.speed.symbolic import plain_hole

    v = plain_hole(v)
    return v if v.__class__ in (int, float) else None


def _nonempty(t: Any) -> bool:
    from driftcheck.parsers.source.values.dataflow_values import known_shape

    shape = known_shape(t)
    return shape is not None and 0 not in shape


def _nonfinite(f: Any, t: Any) -> bool:
    from driftcheck.parsers.source.forward import dataflow_checks

    return isinstance(t, Tens) and bool(dataflow_checks.fact(f, t, KEY))


def _mark(f: Any, out: Any, **facts: Any) -> None:
    from driftcheck.parsers.source.forward import dataflow_checks

    if _nonempty(out):
        dataflow_checks.add_facts(f, out, **facts)


def binop(f: Any, op: ast.operator, a: Any, b: Any, out: Any) -> None:
    """``t / 0.0``: no element finite; ``t * 2`` etc. of such a tensor keeps it."""
    if _off(f) or f.input_shape is None or f.speculative or not isinstance(out, Tens):
        return
    if not isinstance(op, _ARITH):
        return
    if isinstance(a, Tens) and not isinstance(b, Tens):
        n = _number(b)
        if n is None or not math.isfinite(n):
            return
        if isinstance(op, ast.Div) and n == 0 and _nonempty(a):
            _mark(f, out, **{KEY: True})
        elif _nonfinite(f, a):
            _mark(f, out, **{KEY: True})
    elif isinstance(b, Tens) and not isinstance(a, Tens) and not isinstance(op, ast.Div):
        n = _number(a)
        if n is not None and math.isfinite(n) and _nonfinite(f, b):
            _mark(f, out, **{KEY: True})


def after_call(run: Any, fv: Any, out: Any, args: list, kwargs: dict) -> None:
    """``softmax`` of a tensor with no finite element: NaN (``hasnan``); ``masked_fill`` with
    ``-inf`` and the like keep ``fix34d_nonfinite``."""
    from driftcheck.parsers.source.forward.dataflow_common import arg
    from driftcheck.parsers.source.values.dataflow_values import Bound

    f = run.f
    if _off(f) or f.input_shape is None or f.speculative or not isinstance(out, Tens):
        return
    if isinstance(fv, Bound) and isinstance(fv.target, Tens):
        name, full = fv.name, [fv.target, *args]
    else:
        q = getattr(fv, "qual", None)
        if not isinstance(q, str):
            return
        name = q.rsplit(".", 1)[-1]
        if q not in (f"torch.{name}", f"torch.nn.functional.{name}", f"torch.special.{name}"):
            return
        full = list(args)
    if not full or not _nonfinite(f, full[0]):
        return
    t = full[0]
    if name in _NAN_ROWS:
        if out.shape == t.shape:
            _mark(f, out, hasnan=f"{name} of a tensor with no finite element: a division by zero")
    elif name in _KEEP and isinstance(fv, Bound) and out.shape == t.shape:
        _mark(f, out, **{KEY: True})
    elif name == "masked_fill" and out.shape == t.shape:
        n = _number(arg(full, kwargs, 2, "value"))
        if isinstance(n, float) and not math.isfinite(n):
            _mark(f, out, **{KEY: True})


# ---------------------------------------------------------------------- remove a missing parametrization
_PARAM_MAKERS = ("torch.nn.utils.parametrize.register_parametrization",)
_REMOVE = "torch.nn.utils.parametrize.remove_parametrizations"
_DONE = "fix34d_params"  # run_state: (id(leaf), name) -> 1 registered in forward / -1 unsure


def _maker(q: str) -> bool:
    """A call that registers a parametrization (``torch.nn.utils.parametrizations.*``'s
    ``weight_norm`` / ``spectral_norm`` / ``orthogonal``, or ``register_parametrization``)."""
    return q in _PARAM_MAKERS or q.startswith("torch.nn.utils.parametrizations.")


def _new_api(kind: str) -> bool:
    """An ``__init__`` record (``library/torchsurgery.record``) that may be a parametrization:
    everything but the old hook API's ``weight_norm`` / ``spectral_norm``."""
    from driftcheck.parsers.source.forward.dataflow_fix34b import _old_norm

    return _old_norm(kind) is None


@hooks.before(110)  # remove_parametrizations
def called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``P.remove_parametrizations(layer, name)`` in forward of a torch layer whose ``name``
    holds no parametrization: none recorded by the ``__init__`` interpreter
    (``torchsurgery.record``; the old hook API does not count), none registered in forward
    before (outside speculative code), and no parametrization anywhere given a module the
    pass could not name or under an undecided condition: torch's ValueError ("Module ... does
    not have a parametrization on weight"). Switch: ``DRIFTCHECK_NO_PARAMRM_34D=1``."""
    from driftcheck.parsers.source.forward.dataflow_fix34b import _LOST, _UNSURE
    from driftcheck.parsers.source.library.torchsurgery import _RECORD
    from driftcheck.parsers.source.values.abstract import Ext, Leaf
    from driftcheck.parsers.source.values.dataflow_values import Mod

    f = run.f
    if f.input_shape is None or f.switches.get("DRIFTCHECK_NO_PARAMRM_34D") == "1":
        return
    q = fv.qual if isinstance(fv, Ext) else ""
    if not isinstance(q, str) or not (q == _REMOVE or _maker(q)):
        return
    done = f.run_state.setdefault(_DONE, {})
    if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
        done["lost"] = True
        return
    mod = args[0] if args else kwargs.get("module")
    default = "weight" if q != _REMOVE and q not in _PARAM_MAKERS else None
    name = args[1] if len(args) > 1 else kwargs.get("tensor_name", kwargs.get("name", default))
    leaf = f.resolve(mod.obj) if isinstance(mod, Mod) else None
    if not isinstance(leaf, Leaf) or not isinstance(name, str):
        done["lost"] = True  # a module or name not known: any layer may hold one now
        return
    key = (id(leaf), name)
    if q != _REMOVE and not f.speculative and _no_tensor(f, leaf, name):
        f.crash(fr.loc(e), f"ValueError: Module '{leaf.type}' has no parameter or buffer with "
                f"name '{name}' ({q.rsplit('.', 1)[-1]})")  # fmt: skip
        done[key] = -1
        return
    if q != _REMOVE:
        done[key] = -1 if f.speculative or done.get(key) == -1 else 1
        return
    unsure = getattr(leaf, _UNSURE, None) or ()
    kinds = [k for k in (getattr(leaf, _RECORD, {}).get(name) or []) if _new_api(k)]
    state = done.get(key)  # 1: registered in forward, -1: removed in forward or not known
    # (after a removal nothing is judged: a loop over a ModuleList may be followed on one
    # item standing for all, so "removed before" could be another item's removal)
    if state is None:
        state = 1 if kinds else 0
    sure = (
        "lost" not in done
        and not getattr(f.interp, _LOST, False)
        and name not in unsure
        and "*" not in unsure
        and not leaf.unresolved
        and not f.speculative
    )
    done[key] = -1
    if sure and state == 0:
        f.crash(
            fr.loc(e),
            f"ValueError: Module {leaf.type} does not have a parametrization on {name}",
        )


def reparam_unsure(c: Any, name: Any) -> None:
    """``register_parametrization`` in ``__init__`` (``library/torchfns``): an application of
    an unknown module or under an undecided condition, recorded as ``dataflow_fix34b`` does
    for the weight / spectral norms (a later removal is then never judged)."""
    from driftcheck.parsers.source.forward import dataflow_fix34b

    dataflow_fix34b.reparam_unsure(c, c.plain(0, "module"), name)


# torch layers that hold no buffers: their tensors are exactly the catalogue's weights for the
# arguments given (torch 2.13, checked in tests/test_crash34d.py ``test_no_buffer_layers``)
NO_BUFFERS = frozenset(
    {"Linear", "Bilinear", "Embedding", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d",
     "ConvTranspose2d", "ConvTranspose3d"}
)  # fmt: skip


def _no_tensor(f: Any, leaf: Any, name: str) -> bool:
    """``getattr(layer, name)`` is surely no tensor: a plain torch layer without buffers,
    nothing written onto it, parametrized, pruned or tied, and ``name`` none of the weights
    its arguments give it (``bias=False``: no ``bias``). torch's ``parametrizations.*`` then
    raise ValueError ("has no parameter or buffer"), ``register_parametrization`` ValueError
    (or AttributeError for a None parameter)."""
    from driftcheck.parsers.source.library.torchsurgery import _PRUNED, _RECORD, _weight_names

    if f.switches.get("DRIFTCHECK_NO_PARAMNAME_34D") == "1" or leaf.type not in NO_BUFFERS:
        return False
    if not (isinstance(leaf.torch, str) and leaf.torch == f"torch.nn.{leaf.type}"):
        return False
    if leaf.unresolved or leaf.gone or leaf.wnorm or leaf.owned or leaf.written or leaf.tied:
        return False
    if getattr(leaf, _RECORD, None) or getattr(leaf, _PRUNED, None):
        return False
    names = _weight_names(leaf)
    return names is not None and name not in names and _no_tensor_writes(f, name)


_ADDERS = frozenset({"register_buffer", "register_parameter", "setattr", "__setattr__"})


def _no_tensor_writes(f: Any, name: str) -> bool:
    """No loaded module of the code adds a tensor to a module in a way the pass may not
    track: no ``register_buffer`` / ``register_parameter`` / ``setattr`` call, no ``prune``
    (which adds ``<name>_orig``), no store to an attribute called ``name``."""
    from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees

    memo = f.run_state.setdefault("fix34d_writes", {})
    if name in memo:
        return memo[name]
    trees = own_trees(f.interp)
    ok = trees is not None
    for tree in trees or ():
        for n in ast.walk(tree):
            if isinstance(n, ast.Call):
                fn = n.func
                called = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", None)
                if called in _ADDERS or (isinstance(fn, ast.Attribute) and "prune" in ast.dump(fn)):
                    ok = False
            elif (
                isinstance(n, ast.Attribute) and n.attr == name and not isinstance(n.ctx, ast.Load)
            ):
                ok = False
            if not ok:
                break
        if not ok:
            break
    memo[name] = ok
    return ok


@hooks.after(40)  # softmax of ``t / 0``
def _after_hook(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> None:
    after_call(run, fv, out, args, kwargs)
