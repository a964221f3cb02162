"""Custom ``torch.autograd.Function``s called by ``X.apply(...)`` (session 34, crashfix34c).

``X.apply(*args)`` was an unknown call: the pass was tainted there and the autograd graph of
``dataflow_fix32`` stopped. Here, while every fact is certain (``dataflow_fix32._sure``),
an ``apply`` of a class of the analyzed code whose MRO holds ``torch.autograd.Function`` and
that defines ``forward`` and ``backward`` as static methods runs its ``forward`` statically
(``ctx`` unknown); when that run met nothing unknown its value is the call's value, and when
grad mode is surely on and a tensor argument surely requires grad, the output gets a node
of its own (``<Name>Backward``) whose inputs are the tensor arguments that require grad.

The node raises when a backward pass runs it (``dataflow_fix32._replay``), as torch's
``PyNode`` does, where the number of gradients ``backward`` returns is read from source and
is wrong: fewer than ``forward``'s inputs, or more with an extra that is not ``None``
("function XBackward returned an incorrect number of gradients (expected n, got m)").
The count is read only where every ``return`` of ``backward`` agrees: a tuple literal
(its length), or one expression that is surely one tensor (an arithmetic expression of
``backward``'s gradient parameters, ``ctx`` attributes and numbers, or such a parameter
itself: torch wraps a lone tensor in a 1-tuple). Anything else keeps the node silent.

``DRIFTCHECK_NO_FIX34C=1`` turns the module off (``apply`` is an unknown call again).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import receiver
from driftcheck.parsers.source.values.dataflow_values import Unk

_FUNCTION = ("torch.autograd.Function", "torch.autograd.function.Function")
_RAISES = "fix34c_raises"  # id(node) -> (node, message)


def _off(f: Any) -> bool:
    """Whether the rule is switched off for this pass (``Flow.switches``: read once per pass)."""
    return f.switches.get("DRIFTCHECK_NO_FIX34C") == "1"


def _static_def(cls: Any, name: str) -> ast.FunctionDef | None:
    """``name`` defined in ``cls``'s own body as ``@staticmethod`` with plain positional
    parameters only."""
    for st in getattr(getattr(cls, "node", None), "body", ()):
        if isinstance(st, ast.FunctionDef) and st.name == name:
            deco = [ast.unparse(d) for d in st.decorator_list]
            a = st.args
            if deco != ["staticmethod"] or a.vararg or a.kwarg or a.kwonlyargs or a.defaults:
                return None
            if a.posonlyargs:
                return None
            return st
    return None


def _function_class(run: Any, at: Any, fr: Any) -> Any:
    from driftcheck.parsers.source.interp.dunders import own_code
    from driftcheck.parsers.source.values.abstract import Cls

    func = getattr(at, "func", None)
    if not isinstance(func, ast.Attribute) or func.attr != "apply":
        return None
    if at.keywords or any(isinstance(a, ast.Starred) for a in at.args):
        return None
    cls = receiver(run, at, fr)  # (``self.pick().apply``: ``pick`` runs once)
    if not isinstance(cls, Cls) or not own_code(cls):
        return None
    try:
        mro = cls.mro()
    except Exception:  # noqa: BLE001 - a class we cannot read
        return None
    if not any(getattr(c, "qual", None) in _FUNCTION for c in mro[1:]):
        return None
    return cls


def _body_returns(fn: ast.FunctionDef) -> list[ast.Return] | None:
    """The ``return`` statements of ``fn`` itself; None where it yields or has none."""
    out: list[ast.Return] = []
    todo: list[ast.AST] = list(fn.body)
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(n, (ast.Yield, ast.YieldFrom)):
            return None
        if isinstance(n, ast.Return):
            out.append(n)
        todo.extend(ast.iter_child_nodes(n))
    return out or None


def _rebound(fn: ast.FunctionDef) -> set[str]:
    names: set[str] = set()
    for n in ast.walk(fn):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            names.add(n.id)
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            names.update(n.names)
    return names


def _one_tensor(e: ast.expr, grads: set[str], ctx: str) -> bool:
    """``e`` is surely one tensor: a gradient parameter (never rebound), or arithmetic of
    such with ``ctx`` attributes and numbers, at least one operand a gradient."""

    def has_grad(x: ast.expr) -> bool | None:
        if isinstance(x, ast.Name):
            return True if x.id in grads else None
        if isinstance(x, ast.Constant):
            ok = isinstance(x.value, (int, float)) and not isinstance(x.value, bool)
            return False if ok else None
        if isinstance(x, ast.Attribute) and isinstance(x.value, ast.Name) and x.value.id == ctx:
            return False  # a value the forward stored: a number or a tensor, never a tuple here
        if isinstance(x, ast.UnaryOp) and isinstance(x.op, (ast.USub, ast.UAdd)):
            return has_grad(x.operand)
        if isinstance(x, ast.BinOp) and isinstance(x.op, (ast.Mult, ast.Add, ast.Sub, ast.Div)):
            a, b = has_grad(x.left), has_grad(x.right)
            return None if a is None or b is None else a or b
        return None

    return has_grad(e) is True


def grad_count(bwd: ast.FunctionDef) -> tuple[int, list[bool]] | None:
    """(how many gradients every ``return`` of ``backward`` gives, per position whether it is
    the literal ``None``), or None where that is not certain."""
    params = [a.arg for a in bwd.args.args]
    if len(params) < 2:
        return None
    rebound = _rebound(bwd)
    grads = {p for p in params[1:] if p not in rebound}
    got: tuple[int, list[bool]] | None = None
    for r in _body_returns(bwd) or ():
        v = r.value
        if isinstance(v, ast.Tuple):
            if any(isinstance(x, ast.Starred) for x in v.elts):
                return None
            this = (len(v.elts), [isinstance(x, ast.Constant) and x.value is None
                                  for x in v.elts])  # fmt: skip
        elif v is not None and _one_tensor(v, grads, params[0]):
            this = (1, [False])
        else:
            return None
        if got is not None and got[0] != this[0]:
            return None
        got = this if got is None else (got[0], [a and b for a, b in zip(got[1], this[1])])
    return got


def apply_call(call: Any, at: Any, args: list, kwargs: dict, fr: Any) -> tuple[bool, Any]:
    """``X.apply(*args)`` of a custom Function: (True, value) when followed, else (False, _)."""
    from driftcheck.parsers.source.forward import dataflow_fix32 as g
    from driftcheck.parsers.source.interp.dunders import source_func
    from driftcheck.parsers.source.values.dataflow_values import Tens

    run = call.run
    f = run.f
    if _off(f) or f.input_shape is None or fr is None or kwargs or not g._sure(f):
        return False, None
    cls = _function_class(run, at, fr)
    if cls is None:
        return False, None
    fwd, bwd = _static_def(cls, "forward"), _static_def(cls, "backward")
    if fwd is None or bwd is None or len(fwd.args.args) != len(args) + 1:
        return False, None
    fn = source_func(f.interp, cls, "forward")
    if fn is None or getattr(fn, "node", None) is not fwd:
        return False, None
    doubts = f.doubts
    mode = g._grad_mode(f, fr)
    recs = [g._known(f, t) for t in args]
    ctx = Ctx()
    out = call.run_func(fn, None, [ctx, *args], {}, fr)
    if f.doubts != doubts or not isinstance(out, Tens):
        return True, out  # (the run noted what it could not follow)
    if mode != "enable":
        if mode == "off":
            g._put(f, out, g.Rec(False, True))
        return True, out
    tens = [i for i, t in enumerate(args) if isinstance(t, Tens)]
    if any(recs[i] is None for i in tens):
        return True, out
    if ctx.bad is not None and any(recs[i].rg for i in tens):
        f.crash(fr.loc(at), ctx.bad)  # torch saves the values when it builds the node
        return True, out
    if any(out is t for t in args) or _marks(fwd) or ctx.marked:
        g._put(f, out, g.Rec(None, False))
        return True, out
    if not any(recs[i].rg for i in tens):
        g._put(f, out, g.Rec(False, True))
        return True, out
    parents = tuple(g._edge(recs[i]) for i in tens if recs[i].rg)
    node = g.Node(f"{cls.name}Backward", parents, None, True)
    g._put(f, out, g.Rec(True, False, node=node))
    got = grad_count(bwd)
    if got is None and out.shape is not None and not _off37d(f):
        got = _run_count(call, cls, bwd, ctx, out)  # (session 37: helpers, saved tensors)
    n = len(args)
    if got is not None:
        m, nones = got
        if m < n or (m > n and not all(nones[n:])):
            msg = (f"RuntimeError: function {cls.name}Backward returned an incorrect number "
                   f"of gradients (expected {n}, got {m})")  # fmt: skip
            f.run_state.setdefault(_RAISES, {})[id(node)] = (node, msg)
            return True, out
    if got is not None and out.shape is not None:
        bad = _grad_shapes(call, cls, bwd, ctx, out, args, recs)
        if bad is not None:
            f.run_state.setdefault(_RAISES, {})[id(node)] = (node, bad)
    return True, out


_NOT_RUN = object()  # ``_run_backward``: not run, or its run met something unknown


def _run_backward(call: Any, cls: Any, bwd: ast.FunctionDef, ctx: Any, out: Any) -> Any:
    """What ``cls``'s own ``backward`` (``bwd``, taking ``ctx`` and one gradient) returns when
    run statically, speculatively, on a gradient of ``out``'s shape: no crash, fact or graph
    record of the run is kept. ``_NOT_RUN`` where ``backward`` is not that function or the run
    met anything unknown (shared by ``_grad_shapes`` and ``_run_count``)."""
    from driftcheck.parsers.source.interp.dunders import source_func
    from driftcheck.parsers.source.values.dataflow_values import Tens

    f = call.run.f
    fn = source_func(f.interp, cls, "backward")
    if fn is None or getattr(fn, "node", None) is not bwd or len(bwd.args.args) != 2:
        return _NOT_RUN
    doubts = f.doubts
    f.speculative += 2  # (no crash, fact or graph record of this run is kept)
    try:
        got = call.run_func(fn, None, [ctx, Tens(None, out.shape)], {}, None)
    finally:
        f.speculative -= 2
    return _NOT_RUN if f.doubts != doubts else got


def _grad_shapes(call: Any, cls: Any, bwd: ast.FunctionDef, ctx: Any, out: Any, args: list,
                 recs: list) -> str | None:  # fmt: skip
    """``backward`` run statically on a gradient of the output's shape (speculatively: its
    code runs only when a pass reaches the node): torch's "returned an invalid gradient" where
    a gradient for an input that requires grad has a known shape that the input's shape is
    not expandable to (torch sums a broadcast gradient down to the input's shape)."""
    from driftcheck.parsers.source.values.dataflow_values import Tens, known_shape

    got = _run_backward(call, cls, bwd, ctx, out)
    if got is _NOT_RUN:
        return None
    grads = got if isinstance(got, tuple) else (got,)
    for i, (a, gr) in enumerate(zip(args, grads)):
        if not isinstance(a, Tens) or recs[i] is None or not recs[i].rg:
            continue
        want, have = known_shape(a), known_shape(gr) if isinstance(gr, Tens) else None
        if want is None or have is None or tuple(want) == tuple(have):
            continue
        if not _expandable(tuple(want), tuple(have)):
            return (f"RuntimeError: Function {cls.name}Backward returned an invalid gradient at "
                    f"index {i} - got {list(have)} but expected shape compatible with "
                    f"{list(want)}")  # fmt: skip
    return None


def _off37d(f: Any) -> bool:
    return f.switches.get("DRIFTCHECK_NO_FIX37D") == "1"


def _run_count(call: Any, cls: Any, bwd: ast.FunctionDef, ctx: Any,
               out: Any) -> tuple[int, list[bool]] | None:  # fmt: skip
    """(session 37, crashfix37b) the number of gradients ``backward`` gives, where its
    returns cannot be read from source alone (``g * w`` of ``w`` unpacked from
    ``ctx.saved_tensors``, a helper's result): ``backward`` run statically (speculatively)
    on a gradient of the output's shape; counted only where that run met nothing unknown
    and gave one tensor (torch wraps it in a 1-tuple) or a tuple of tensors and Nones."""
    from driftcheck.parsers.source.values.dataflow_values import Tens

    got = _run_backward(call, cls, bwd, ctx, out)
    if got is _NOT_RUN:
        return None
    if isinstance(got, Tens):
        return 1, [False]
    if got.__class__ is tuple and all(isinstance(x, Tens) or x is None for x in got):
        return len(got), [x is None for x in got]
    return None


def _expandable(shape: tuple, to: tuple) -> bool:
    """torch's ``is_expandable_to(shape, to)``."""
    if len(shape) > len(to):
        return False
    return all(a == b or a == 1 for a, b in zip(reversed(shape), reversed(to)))


def _marks(fwd: ast.FunctionDef) -> bool:
    """``forward`` marks outputs (non-differentiable, dirty) or changes how grads arrive."""
    return any(isinstance(n, ast.Attribute) and n.attr in _MARKS for n in ast.walk(fwd))


_MARKS = frozenset({"mark_non_differentiable", "mark_dirty", "set_materialize_grads"})


def node_raises(f: Any, n: Any) -> str | None:
    """The error a backward pass running node ``n`` raises (``apply_call``), if any."""
    got = f.run_state.get(_RAISES, {}).get(id(n))
    return got[1] if got is not None and got[0] is n else None


# ---------------------------------------------------------------- ``GradScaler`` order
# ``self.<name> = torch.amp.GradScaler("cpu")`` in ``__init__`` (enabled on CPU: torch 2.13),
# its methods called in ``forward``: torch's per-optimizer stages (ready / unscaled /
# stepped, reset by ``update()``) and its ``_scale`` (set by the first ``scale``). The
# interpreter keeps that attribute as an unknown "call of torch.amp.GradScaler" without its
# device argument, so the construction is read again from ``__init__``'s source.
_SCALERS = ("torch.amp.GradScaler", "torch.amp.grad_scaler.GradScaler")
_STATE = "fix34c_scaler"
_NO_SCALE = ("AssertionError: Attempted {} but _scale is None.  This may indicate your script "
             "did not use scaler.scale(loss or outputs) earlier in the iteration.")  # fmt: skip


def _init_assign(cls: Any, name: str) -> ast.Call | None:
    """The one ``self.<name> = <call>`` of ``__init__``'s top level, where no method of the
    class (nor of a base read from source) stores, deletes or otherwise reads ``self.<name>``
    in ``__init__``, and none calls ``setattr`` / ``delattr`` / ``vars``."""
    found: list[ast.Call] = []
    for c in cls.mro() if hasattr(cls, "mro") else ():
        node = getattr(c, "node", None)
        if node is None:
            continue
        for fn in node.body:
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            top = fn.body if fn.name == "__init__" else []
            for n in ast.walk(fn):
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
                    if n.func.id in ("setattr", "delattr", "vars"):
                        return None
                if isinstance(n, ast.Attribute) and n.attr == name:
                    if isinstance(n.ctx, (ast.Store, ast.Del)):
                        st = next((s for s in top if isinstance(s, ast.Assign)
                                   and s.targets[0] is n), None)  # fmt: skip
                        if st is None or len(st.targets) != 1 or c is not cls and found:
                            return None
                        if not isinstance(st.value, ast.Call):
                            return None
                        found.append(st.value)
                    elif fn.name == "__init__":
                        return None
    return found[0] if len(found) == 1 else None


def _cpu_scaler(call: ast.Call) -> bool:
    """``GradScaler("cpu")`` / ``GradScaler(device="cpu")``, ``enabled`` absent or True."""
    if any(isinstance(a, ast.Starred) for a in call.args) or len(call.args) > 1:
        return False
    kw = {k.arg: k.value for k in call.keywords}
    if None in kw or set(kw) - {"device", "enabled", "init_scale", "growth_factor",
                                "backoff_factor", "growth_interval"}:  # fmt: skip
        return False
    dev = call.args[0] if call.args else kw.get("device")
    if "device" in kw and call.args:
        return False
    if not (isinstance(dev, ast.Constant) and dev.value == "cpu"):
        return False
    en = kw.get("enabled")
    return en is None or (isinstance(en, ast.Constant) and en.value is True)


def _scaler(run: Any, base: ast.expr, fr: Any) -> Any:
    """The key of ``self.<name>`` where it is a CPU GradScaler made in ``__init__``."""
    from driftcheck.parsers.source.values.abstract import Obj, called_of
    from driftcheck.parsers.source.values.dataflow_values import Mod

    if not (isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name)):
        return None
    m = getattr(fr, "locals", {}).get(base.value.id)
    obj = run.f.resolve(m.obj) if isinstance(m, Mod) else None
    if not isinstance(obj, Obj) or not obj.module or obj.cls is None:
        return None
    v = obj.attrs.get(base.attr)
    if called_of(v) not in _SCALERS:
        return None
    made = _init_assign(obj.cls, base.attr)
    if made is None or not _cpu_scaler(made):
        return None
    return (id(obj), base.attr)


def scaler_call(call: Any, at: Any, args: list, kwargs: dict, fr: Any) -> tuple[bool, Any]:
    """``scaler.scale(loss)`` / ``unscale_(opt)`` / ``step(opt)`` / ``update()`` of a CPU
    GradScaler: torch's order checks; (True, value) when followed, else (False, _)."""
    from driftcheck.parsers.source.forward import dataflow_fix32 as g
    from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees
    from driftcheck.parsers.source.forward.dataflow_fix33b import Optim, _init_optimizer
    from driftcheck.parsers.source.forward.dataflow_fix34 import _hooks
    from driftcheck.parsers.source.values.dataflow_values import Mod, Tens

    run = call.run
    f = run.f
    if _off(f) or f.input_shape is None or fr is None or not g._sure(f):
        return False, None
    func = getattr(at, "func", None)
    if not isinstance(func, ast.Attribute) or at.keywords or kwargs:
        return False, None
    if func.attr not in ("scale", "unscale_", "step", "update"):
        return False, None
    if any(isinstance(a, ast.Starred) for a in at.args):
        return False, None
    from driftcheck.parsers.source.forward import dataflow_fix39a

    # (session 39: a ``Scaler`` value wherever it is held, before the ``self.<name>`` source)
    key = dataflow_fix39a.scaler_key(run, at, fr) or _scaler(run, func.value, fr)
    if key is None:
        return False, None
    st = f.run_state.setdefault(_STATE, {}).setdefault(key, {"scale": False, "opts": {}})
    loc = fr.loc(at)
    if func.attr == "scale":
        if len(args) != 1 or not isinstance(args[0], Tens) or args[0].shape is None:
            return False, None
        st["scale"] = True
        out = Tens(None, args[0].shape)
        g._make(f, "mul", [args[0]], out, ())
        return True, out
    if func.attr == "update":
        if args:
            return False, None
        if not st["scale"]:
            f.crash(loc, _NO_SCALE.format("update"))
        elif not st["opts"]:
            f.crash(loc, "AssertionError: No inf checks were recorded prior to update.")
        st["opts"] = {}
        return True, None
    held = dataflow_fix39a.optim_of(run, args)  # an ``Optim`` value (session 39)
    if held is not None:
        okey, opt = held
    else:
        if len(args) != 1 or not isinstance(func.value, ast.Attribute):
            return False, None
        a = at.args[0]
        if not (isinstance(a, ast.Attribute) and isinstance(a.value, ast.Name)):
            return False, None
        m = getattr(fr, "locals", {}).get(a.value.id)
        opt = _init_optimizer(run, m, a.attr) if isinstance(m, Mod) else None
        if not isinstance(opt, Optim):
            return False, None
        okey = (a.value.id, a.attr)
    stage = st["opts"].get(okey, "ready")
    if func.attr == "unscale_":
        if not st["scale"]:
            f.crash(loc, _NO_SCALE.format("unscale_"))
        elif stage == "unscaled":
            f.crash(loc, "RuntimeError: unscale_() has already been called on this optimizer "
                    "since the last update().")  # fmt: skip
        elif stage == "stepped":
            f.crash(loc, "RuntimeError: unscale_() is being called after step().")
        st["opts"][okey] = "unscaled"
        return True, None
    # ``step``: the optimizer's own ``step()`` may run (parameters written in place, as
    # ``dataflow_fix34.step_call`` has it); else the pass goes on as after an unknown call
    if opt.name == "LBFGS" or _hooks(f, own_trees):
        return False, None
    if not st["scale"]:
        f.crash(loc, _NO_SCALE.format("step"))
    elif stage == "stepped":
        f.crash(loc, "RuntimeError: step() has already been called since the last update().")
    st["opts"][okey] = "stepped"
    for _t, r in list(f.run_state.get(g._KEY, {}).values()):
        n = r.node
        if n is not None and n.saved and any(s.leaf and s.rg is not False for s, _ in n.saved):
            n.saved = None
    f.tensor_writes += 1  # parameters' values may change
    return True, None


# ---------------------------------------------------------------- ``ctx``
class Ctx(Unk):
    """The ``ctx`` of a custom Function's static run: the attributes ``forward`` stored
    (plain ``ctx.<name> = v``), what it saved (``save_for_backward``), whether it marked
    anything; any other read is unknown."""

    __slots__ = ("attrs", "saved", "marked", "bad")

    def __init__(self) -> None:
        self.attrs: dict[str, Any] = {}
        self.saved: tuple | None = None
        self.marked = False
        self.bad: str | None = None  # what torch's ``_save_variables`` refuses

    def get(self, name: str) -> Any:
        from driftcheck.parsers.source.values.dataflow_values import UNK

        if name in _CTX_METHODS:
            return CtxMethod(self, name)
        if name == "saved_tensors":
            return self.saved if self.saved is not None else UNK
        return self.attrs.get(name, UNK)

    def __repr__(self) -> str:
        return "UNK(ctx)"


class CtxMethod(Unk):
    __slots__ = ("ctx", "name")

    def __init__(self, ctx: Ctx, name: str) -> None:
        self.ctx, self.name = ctx, name


_CTX_METHODS = frozenset({"save_for_backward", "mark_non_differentiable", "mark_dirty",
                          "set_materialize_grads", "save_for_forward"})  # fmt: skip


def ctx_store(fr: Any, tgt: ast.Attribute, v: Any) -> None:
    """``ctx.<name> = v`` in a Function's static run."""
    if isinstance(tgt.value, ast.Name):
        ctx = getattr(fr, "locals", {}).get(tgt.value.id)
        if isinstance(ctx, Ctx):
            ctx.attrs[tgt.attr] = v


def ctx_call(fv: Any, args: list, kwargs: dict) -> bool:
    """``ctx.save_for_backward(*ts)`` / ``ctx.mark_*(...)``: recorded, no unknown call."""
    from driftcheck.parsers.source.values.dataflow_values import ShapeOf, Tens

    if not isinstance(fv, CtxMethod):
        return False
    ctx = fv.ctx
    if fv.name != "save_for_backward":
        ctx.marked = True
        return True
    if kwargs:
        ctx.saved, ctx.marked = None, True
        return True
    for i, a in enumerate(args):
        kind = _not_tensor(a, ShapeOf)
        if kind is not None and ctx.bad is None:
            ctx.bad = (f"TypeError: save_for_backward can only save variables, but argument {i} "
                       f"is of type {kind}")  # fmt: skip
    ok = all(isinstance(a, Tens) or a is None for a in args)
    ctx.saved = tuple(args) if ok else None
    return True


def _not_tensor(v: Any, shape_of: Any) -> str | None:
    """The type name torch's message gives a certain non-tensor value."""
    if isinstance(v, shape_of):
        return "torch.Size"
    if v.__class__ in (int, float, str, tuple, list, dict):
        return v.__class__.__name__
    return None
