"""Grad mode in helpers and ``deepcopy`` of a non-leaf (session 34, crashfix34).

- **Grad mode in a callee.** ``dataflow_fix32``'s autograd graph is followed only where grad
  mode is surely on, which it read as "the innermost ``with`` is ``torch.enable_grad()``
  entered in this very frame". Python gives a called function its caller's grad mode, so a
  frame below that ``with`` has it on as well when every frame between was entered by a
  plain call of the code (a module call, a method or a function: not a call through a torch
  function that may run it in another mode, ``checkpoint``, ``Function.apply``...), and none
  of those functions is decorated (``@torch.no_grad()`` sets its own mode; ``staticmethod``
  and ``classmethod`` do not) or a generator (its body runs where it is iterated). Nothing
  else changes: an unknown ``with`` or a ``set_grad_enabled`` anywhere still turns the model
  off. ``DRIFTCHECK_NO_FIX34_GRAD=1`` turns this off.
- **``copy.deepcopy`` of a non-leaf.** ``Tensor.__deepcopy__`` refuses a tensor that is not a
  graph leaf ("Only Tensors created explicitly by the user (graph leaves) support the deepcopy
  protocol at the moment"), and deep-copying a module copies every attribute its ``forward``
  stored. Reported when the copied tensor, or a tensor some module of the copied tree stored
  as an attribute in this pass (directly or as an item of a list / tuple / dict), is known to
  the graph model to require grad and not be a leaf (it has a ``grad_fn``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.values.dataflow_values import Tens

_CALLS = "fix34_calls"  # id(frame) -> "direct" while a plain call of the code runs from it
_STACK = "fix34_stack"  # the runner's frame stack
_RUN = "fix34_run"  # the runner (decorators are read in their frame)
_PLAIN_DECOS = frozenset({"staticmethod", "classmethod"})
DEEPCOPY_MSG = (
    "RuntimeError: Only Tensors created explicitly by the user (graph leaves) support the "
    "deepcopy protocol at the moment."
)


def _off(f: Any) -> bool:
    """Whether the rule is switched off for this pass (``Flow.switches``: read once per pass)."""
    return f.switches.get("DRIFTCHECK_NO_FIX34_GRAD") == "1"


def calling(run: Any, fv: Any, fr: Any) -> None:
    """Before a call from ``fr``: whether it is a plain call of the code (its frame, if it
    runs one, inherits ``fr``'s grad mode)."""
    from driftcheck.parsers.source.values.abstract import Func
    from driftcheck.parsers.source.values.dataflow_values import Mod, UserFunc

    if fr is None:
        return
    f = run.f
    f.run_state[_STACK] = run.stack
    f.run_state[_RUN] = run
    plain = isinstance(fv, (Mod, UserFunc, Func))
    f.run_state.setdefault(_CALLS, {})[id(fr)] = "direct" if plain else "other"


def returned(run: Any, fr: Any) -> None:
    """After a call from ``fr``: no call of it runs any more."""
    got = run.f.run_state.get(_CALLS)
    if got is not None and fr is not None:
        got[id(fr)] = "other"


def _plain_func(f: Any, fn: Any) -> bool:
    """``fn`` is a ``def`` with no decorator other than ``staticmethod`` / ``classmethod``,
    and no generator (memoized per node for the pass)."""
    node = getattr(fn, "node", None)
    if not isinstance(node, ast.FunctionDef):
        return False
    memo = f.run_state.setdefault("fix34_plain", {})
    got = memo.get(id(node))
    if got is None or got[0] is not node:
        ok = all(isinstance(d, ast.Name) and d.id in _PLAIN_DECOS for d in node.decorator_list)
        got = memo[id(node)] = (node, ok and not _generator(node))
    return got[1]


def _generator(node: ast.AST) -> bool:
    return any(isinstance(n, (ast.Yield, ast.YieldFrom, ast.Await)) for n in ast.walk(node))


def mode_below(f: Any, with_frame: int | None, with_mode: str | None, fr: Any) -> str | None:
    """The grad mode in ``fr`` ("enable" / "off"; None: not known) when it runs below the
    frame ``with_frame`` (an ``id``: the innermost open ``with`` of grad modes, whose mode is
    ``with_mode``; None: none is open) through plain, undecorated calls of the code only, or
    below (or in) a function decorated ``@torch.enable_grad()`` / ``@torch.no_grad()`` /
    ``@torch.inference_mode()`` entered after that ``with``."""
    if _off(f):
        return None
    frames = f.run_state.get(_STACK)
    calls = f.run_state.get(_CALLS) or {}
    if not frames or frames[-1] is not fr:
        return None
    j = len(frames) - 1
    while j >= 0:
        if with_frame is not None and id(frames[j]) == with_frame:
            return with_mode
        got = _decorated_mode(f, frames[j])
        if got is not None:
            return got
        if j == 0 or calls.get(id(frames[j - 1])) != "direct":
            return None
        if not _plain_func(f, frames[j].func):
            return None
        j -= 1
    return None


def inherits(f: Any, with_frame: int | None, enable: bool, fr: Any) -> bool:
    """Grad mode is surely on in ``fr`` (``mode_below``)."""
    return mode_below(f, with_frame, "enable" if enable else None, fr) == "enable"


_DECO_MODES = {"enable": "enable", "no": "off", "inference": "off"}


def _decorated_mode(f: Any, frame: Any) -> str | None:
    """The frame runs a function whose one decorator is ``@torch.enable_grad()`` ("enable")
    or ``@torch.no_grad()`` / ``@torch.inference_mode()`` ("off"), with no argument, and is
    not a generator: that mode holds in its body whatever the caller's."""
    from driftcheck.parsers.source.forward.dataflow_fix30b import _MODES

    node = getattr(frame.func, "node", None)
    run = f.run_state.get(_RUN)
    if not isinstance(node, ast.FunctionDef) or run is None or len(node.decorator_list) != 1:
        return None
    d = node.decorator_list[0]
    if not isinstance(d, ast.Call) or d.args or d.keywords:
        return None
    memo = f.run_state.setdefault("fix34_decos", {})
    if id(node) in memo and memo[id(node)][0] is not node:
        del memo[id(node)]
    if id(node) not in memo:
        if _generator(node):
            memo[id(node)] = (node, None)
            return None
        try:
            fv = run.eval(d.func, frame)
        except Exception:  # noqa: BLE001 - a decorator we cannot read
            fv = None
        memo[id(node)] = (node, _DECO_MODES.get(_MODES.get(getattr(fv, "qual", None) or "")))
    return memo[id(node)][1]


def listed_params(run: Any, keyed: list) -> None:
    """``m.parameters()`` / ``named_parameters()`` yielded these (key, tensor) pairs: each is
    the parameter an attribute read gives (``dataflow_fix32.param_read``, same key), a leaf
    that requires grad while no flag may have changed. ``DRIFTCHECK_NO_FIX34_GRAD=1`` turns
    this off."""
    from driftcheck.parsers.source.forward import dataflow_fix32

    if _off(run.f) or run.f.input_shape is None:
        return
    for key, t in keyed:
        dataflow_fix32.param_read(run.f, key, t)


def zero_grad_call(run: Any, at: Any, args: list, kwargs: dict, fr: Any) -> bool:
    """``opt.zero_grad()`` / ``opt.zero_grad(set_to_none=<bool>)`` on a torch optimizer for
    certain (``dataflow_fix33b.Optim``): torch's method only sets (or zeroes) each
    parameter's ``.grad``; no parameter's value, flag or version, nor any other value the
    pass holds, changes, so the call is no unknown call (it returns None).
    ``DRIFTCHECK_NO_FIX34_GRAD=1`` turns this off."""
    from driftcheck.parsers.source.forward.dataflow_fix33b import Optim, _receiver

    if _off(run.f) or fr is None or not isinstance(at, ast.Call):
        return False
    func = at.func
    if not isinstance(func, ast.Attribute) or func.attr != "zero_grad":
        return False
    if any(isinstance(a, ast.Starred) for a in at.args) or any(k.arg is None for k in at.keywords):
        return False
    flag = args[0] if args else kwargs.get("set_to_none", True)
    if len(args) > 1 or set(kwargs) - {"set_to_none"} or flag not in (True, False):
        return False
    return isinstance(_receiver(run, at, fr), Optim)


def step_call(run: Any, at: Any, args: list, kwargs: dict, fr: Any) -> bool:
    """``opt.step()`` (no closure) on a torch optimizer for certain, other than LBFGS, in
    code that registers no optimizer hook: torch updates, in place and under ``no_grad``,
    leaves that require grad; no flag changes. The autograd graph the pass keeps forgets
    which versions its nodes saved of such leaves (a later pass through them is not judged),
    and the call is no unknown call (it returns None). ``DRIFTCHECK_NO_FIX34_GRAD=1`` turns
    this off."""
    from driftcheck.parsers.source.forward import dataflow_fix32
    from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees
    from driftcheck.parsers.source.forward.dataflow_fix33b import Optim, _receiver

    f = run.f
    if _off(f) or fr is None or not isinstance(at, ast.Call) or args or kwargs:
        return False
    func = at.func
    if not isinstance(func, ast.Attribute) or func.attr != "step":
        return False
    opt = _receiver(run, at, fr)
    if not isinstance(opt, Optim) or opt.name == "LBFGS" or _hooks(f, own_trees):
        return False
    for _t, r in list(f.run_state.get(dataflow_fix32._KEY, {}).values()):
        n = r.node
        if n is not None and n.saved and any(s.leaf and s.rg is not False for s, _ in n.saved):
            n.saved = None
    f.tensor_writes += 1  # parameters' values changed
    return True


def _hooks(f: Any, own_trees: Any) -> bool:
    """Some code of the run may register an optimizer hook (or no tree to tell)."""
    got = f.run_state.get("fix34_hooks")
    if got is None:
        trees = own_trees(f.interp)
        got = trees is None or any(
            isinstance(n, ast.Attribute) and n.attr.startswith("register_") and "step" in n.attr
            for t in trees
            for n in ast.walk(t)
        )
        f.run_state["fix34_hooks"] = got
    return got


# ---------------------------------------------------------------- deepcopy
def _subtree(f: Any, obj: Any) -> list | None:
    """The module objects of the tree under ``obj`` (None when one of them stands for
    another, ``Flow.rep``: whose attribute a write went to is then not certain)."""
    from driftcheck.parsers.source.values.abstract import Obj

    reps = {id(v) for k, v in f.rep.items() if k != id(v)}
    out, todo, seen = [], [obj], set()
    while todo:
        o = todo.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        if not isinstance(o, Obj):
            continue
        if f.resolve(o) is not o or id(o) in reps:
            return None
        out.append(o)
        todo.extend(o.children.values())
    return out


def _nonleaf(f: Any, v: Any, depth: int = 0) -> bool:
    from driftcheck.parsers.source.forward.dataflow_fix32 import rec

    if isinstance(v, Tens):
        r = rec(f, v)
        return r is not None and r.rg is True and not r.leaf
    if depth == 0 and isinstance(v, (list, tuple)):
        return any(_nonleaf(f, x, 1) for x in v)
    if depth == 0 and isinstance(v, dict):
        return any(_nonleaf(f, x, 1) for x in v.values())
    return False


@hooks.before(80)  # a non-leaf
def deepcopy_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """``copy.deepcopy(m)`` / ``copy.deepcopy(t)``: a non-leaf tensor in what is copied."""
    from driftcheck.parsers.source.forward.dataflow_fix32 import _sure
    from driftcheck.parsers.source.values.dataflow_values import Mod

    f = run.f
    if getattr(fv, "qual", None) != "copy.deepcopy" or fr is None or len(args) != 1 or kwargs:
        return
    if f.input_shape is None or not _sure(f):
        return
    v = args[0]
    if isinstance(v, Tens):
        if _nonleaf(f, v, 1):
            f.crash(fr.loc(e), DEEPCOPY_MSG)
        return
    if not isinstance(v, Mod):
        return
    objs = _subtree(f, f.resolve(v.obj))
    if not objs:
        return
    ids = {id(o) for o in objs}
    for (oid, name), (_obj, val) in list((f.attr_set or {}).items()):
        if oid in ids and isinstance(name, str) and _nonleaf(f, val):
            f.crash(fr.loc(e), DEEPCOPY_MSG + f" (attribute {name!r} of the copied module "
                    "holds a tensor with a grad_fn)")  # fmt: skip
            return


@hooks.before(90)  # a plain call: grad mode inherited
def _calling_hook(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    calling(run, fv, fr)


@hooks.after(70)  # (``calling``)
def _returned_hook(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> None:
    returned(run, fr)
