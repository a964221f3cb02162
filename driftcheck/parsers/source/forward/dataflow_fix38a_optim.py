"""Session 38 (crashfix38a): ``optimizer.step()`` after a backward pass that surely reached
some of its parameters (torch 2.13 on CPU; checked in ``tests/test_crash38a.py`` with clean
twins).

``dataflow_fix32`` builds the autograd graph of forward's tensors (a parameter read is a leaf
record). Here each ``loss.backward()`` (``torch.autograd.backward(loss)``) of a tensor that
surely requires grad keeps its graph's root; a ``zero_grad()`` call of anything forgets them
all. At ``opt.step()`` of an optimizer made in forward (``dataflow_fix33b.Optim``) over
``m.parameters()`` of a module the pass knows (or a list of its parameters), the parameters that
surely hold a gradient are the leaf records behind a kept root that belong to that module's
tree. Where there is one:

- ``capturable=True`` (Adam, AdamW, RMSprop, Adamax, NAdam, RAdam, ASGD, Adadelta, Rprop;
  ``fused`` not set): AssertionError "If capturable=True, params and state_steps must be on
  supported devices" (CPU tensors; at the first step with a gradient, measured);
- a gradient from ``nn.Embedding(..., sparse=True)`` / ``EmbeddingBag(sparse=True)``'s weight:
  every optimizer but SGD / Adagrad / SparseAdam raises "<name> does not support sparse
  gradients" (Adam / AdamW: "Adam does not support sparse gradients, please consider
  SparseAdam instead"). (``SparseAdam`` given a dense gradient raises too, but
  ``dataflow_fix33b`` makes no ``Optim`` of it: not judged.)

Nothing is claimed where some code of the run stores a ``.grad`` attribute, where the
backward has ``inputs=`` or a gradient argument, or in code that may not run.
``DRIFTCHECK_NO_FIX38A=1`` turns it off (with ``dataflow_fix38a``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_fix38a import _off, _plain_call

_ROOTS = "fix38a_backward_roots"
_ZERO = "fix38a_zero_grad"  # (the ``zero_grad()`` call being run, the doubts before it)
_MADE = "fix38a_optims_made"  # id(Optim) -> (Optim, module tree keys, capturable, fused)
CAPTURABLE = frozenset(
    {"Adam", "AdamW", "RMSprop", "Adamax", "NAdam", "RAdam", "ASGD", "Adadelta", "Rprop"}
)
SPARSE_OK = frozenset({"SGD", "Adagrad", "SparseAdam"})
_SPARSE_LAYERS = frozenset({"Embedding", "EmbeddingBag"})


def _grad_stored(f: Any) -> bool:
    from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees

    got = f.run_state.get("fix38a_grad_store")
    if got is None:
        trees = own_trees(f.interp)
        got = trees is None or any(
            isinstance(n, ast.Attribute) and n.attr == "grad" and not isinstance(n.ctx, ast.Load)
            for t in trees
            for n in ast.walk(t)
        )
        f.run_state["fix38a_grad_store"] = got
    return got


def _tree_keys(f: Any, root: Any) -> dict | None:
    """The parameter keys (``dataflow_fix32``'s) of the module tree under ``root``: key ->
    sparse (a sparse embedding's weight), or None when a part is not known."""
    from driftcheck.parsers.source.values.abstract import Leaf, Obj

    keys: dict = {}
    todo, seen = [f.resolve(root)], set()
    while todo:
        o = todo.pop()
        if o is None:
            continue
        if id(o) in seen:
            continue
        seen.add(id(o))
        if isinstance(o, Leaf):
            if o.unresolved or not isinstance(o.torch, str):
                return None
            sparse = o.type in _SPARSE_LAYERS and o.params.get("sparse") is True
            keys[("leaf", id(o))] = sparse
        elif isinstance(o, Obj) and o.module:
            if o.unresolved:
                return None
            for p in o.params.values():
                keys[("param", id(p))] = False
            todo.extend(f.resolve(c) for c in o.children.values())
        else:
            return None
    return keys


@hooks.after(206)
def optim_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.forward.dataflow_common import receiver
    from driftcheck.parsers.source.forward.dataflow_fix33b import Optim
    from driftcheck.parsers.source.values.dataflow_values import Mod

    f = run.f
    if _off(f) or f.input_shape is None or f.speculative or fr is None:
        return None
    if not isinstance(out, Optim) or not _plain_call(e) or not e.args:
        return None
    p = e.args[0]
    if not (isinstance(p, ast.Call) and isinstance(p.func, ast.Attribute)):
        return None
    if p.func.attr != "parameters" or p.args or p.keywords:
        return None
    m = receiver(run, p, fr)
    if not isinstance(m, Mod):
        return None
    keys = _tree_keys(f, m.obj)
    if keys is None:
        return None
    f.run_state.setdefault(_MADE, {})[id(out)] = (
        out,
        keys,
        kwargs.get("capturable", False),
        kwargs.get("fused"),
    )
    return None


@hooks.before(183)
def grads_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``loss.backward()``: its graph kept; ``zero_grad()``: every kept graph forgotten."""
    from driftcheck.parsers.source.forward import dataflow_fix32 as g
    from driftcheck.parsers.source.values.abstract import Ext
    from driftcheck.parsers.source.values.dataflow_values import Bound, Tens

    f = run.f
    if _off(f) or f.input_shape is None:
        return
    name = e.func.attr if isinstance(e.func, ast.Attribute) else None
    if name == "zero_grad":
        f.run_state[_ROOTS] = []
        f.run_state[_ZERO] = (e, f.doubts)
        return
    t = None
    if isinstance(fv, Bound) and isinstance(fv.target, Tens) and name == "backward":
        if not args and not set(kwargs) - {"retain_graph"}:
            t = fv.target
    elif isinstance(fv, Ext) and fv.qual == "torch.autograd.backward":
        if len(args) == 1 and not kwargs and isinstance(args[0], Tens):
            t = args[0]
    if t is None or f.speculative or fr is None or not _plain_call(e):
        return
    r = g.rec(f, t)
    if r is None or r.rg is not True or r.node is None or not g._sure(f):
        return
    f.run_state.setdefault(_ROOTS, []).append(r.node)


def _leaves_with_grad(f: Any) -> list:
    """The leaf records some kept backward root reaches."""
    from driftcheck.parsers.source.forward.dataflow_fix32 import Node

    out, seen = [], set()
    for root in f.run_state.get(_ROOTS) or ():
        todo = [root]
        while todo:
            m = todo.pop()
            if id(m) in seen:
                continue
            seen.add(id(m))
            if isinstance(m, Node):
                todo.extend(m.parents)
            else:
                out.append(m)
    return out


def step_error(f: Any, opt: Any, made: tuple) -> str | None:
    _, keys, capturable, fused = made
    cells = f.run_state.get("fix32_params") or {}
    reached = {id(r) for r in _leaves_with_grad(f)}
    if not reached:
        return None
    with_grad = []  # sparse or not, per parameter of the optimizer's tree with a gradient
    for key, cell in cells.items():
        if id(cell) not in reached or not isinstance(key, tuple) or len(key) < 2:
            continue
        k = (key[0], key[1])
        if k in keys:
            with_grad.append(keys[k] and (key[0] != "leaf" or key[2] == "weight"))
    if not with_grad:
        return None
    name = opt.name
    if capturable is True and name in CAPTURABLE and fused in (None, False):
        return (
            "AssertionError: If capturable=True, params and state_steps must be on supported "
            "devices: ['cuda', 'xpu', 'hpu', 'privateuseone']."
        )
    if any(with_grad) and name not in SPARSE_OK:
        if name in ("Adam", "AdamW"):
            return (
                "RuntimeError: Adam does not support sparse gradients, please consider "
                "SparseAdam instead"
            )
        return f"RuntimeError: {name} does not support sparse gradients"
    return None


@hooks.before(184)
def step_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.forward.dataflow_common import receiver
    from driftcheck.parsers.source.forward.dataflow_fix33b import _receiver

    f = run.f
    if _off(f) or f.input_shape is None or f.speculative or fr is None:
        return
    if not isinstance(e.func, ast.Attribute) or e.func.attr != "step" or args or kwargs:
        return
    opt = receiver(run, e, fr)
    if id(opt) not in f.run_state.get(_MADE, {}):
        opt = _receiver(run, e, fr)
    made = f.run_state.get(_MADE, {}).get(id(opt))
    if made is None or made[0] is not opt or _grad_stored(f):
        return
    err = step_error(f, opt, made)
    if err is not None:
        f.crash(fr.loc(e), err)


@hooks.after(207)
def zero_grad_done(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    """``opt.zero_grad()`` of an optimizer made in forward (``Optim``) or ``m.zero_grad()`` of
    a module (torch's own method): it only resets gradients, which the pass does not follow;
    it is no unknown call that may have changed a tensor (``Flow.doubts`` as it was), so
    ``dataflow_fix32``'s graph goes on being built after it."""
    from driftcheck.parsers.source.forward.dataflow_common import receiver
    from driftcheck.parsers.source.forward.dataflow_fix33b import Optim
    from driftcheck.parsers.source.forward.dataflow_fix38a import _own_method
    from driftcheck.parsers.source.values.abstract import Leaf, Obj
    from driftcheck.parsers.source.values.dataflow_values import Mod

    f = run.f
    got = f.run_state.pop(_ZERO, None)
    if _off(f) or got is None or got[0] is not e or f.speculative or fr is None:
        return None
    if set(kwargs) - {"set_to_none"} or len(args) + len(kwargs) > 1 or not _plain_call(e):
        return None
    recv = receiver(run, e, fr)
    if isinstance(recv, Mod):
        obj = f.resolve(recv.obj)
        ok = isinstance(obj, Leaf) or (
            isinstance(obj, Obj) and obj.module and _own_method(run, obj, "zero_grad") is False
        )
    else:
        ok = isinstance(recv, Optim)
    if ok and f.doubts == got[1] + 1:
        f.doubts = got[1]
    return None
