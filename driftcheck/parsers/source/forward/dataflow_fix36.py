"""Session 36 (crashfix36): forward pre-hooks run on module calls in ``forward``.

torch's ``Module._call_impl`` runs a module's forward pre-hooks (in registration order,
``prepend=True`` first) before ``forward``:

- a plain pre-hook is called as ``hook(module, args)``; a result that is not None replaces the
  positional inputs, a non-tuple result becoming a 1-tuple;
- a pre-hook registered ``with_kwargs=True`` is called as ``hook(module, args, kwargs)``; a
  result that is not None must be a tuple of two, ``(new_args, new_kwargs)``, else torch
  raises ``RuntimeError: forward pre-hook must return None or a tuple of (new_args,
  new_kwargs), but got ...``.

The forward hooks (``dataflow_fix31.forward_hooks``) then see the inputs the pre-hooks made.
``pre_hooks`` below does this for every module call of the pass on real sizes, where the post
hooks are modelled (``Calls.call_value``). The hooks are those ``__init__`` registered
(``interp/fwdhooks``), read from the very module called, not the repeated block that stands
for it in the graph (``Flow.rep``): each block carries its own hooks.

A hook the pass cannot follow (registered under an undecided condition, options not read, not
a function or ``__call__`` instance of the code's own), or code that may change the hooks
after ``__init__`` (a handle's ``remove()``, a registration outside ``__init__``, a global
``register_module_forward_pre_hook``, the ``_forward_pre_hooks`` dicts named), makes the
inputs unknown (the pass is tainted: no verdict leans on them). The form error is reported
only while the pass is exact (``Flow.doubts`` 0, not speculative, the hook's own run added
no doubt and no crash).

Switch: ``DRIFTCHECK_NO_PREHOOKS_36=1`` ignores pre-hooks as before session 36 (the module is
called with the call's own inputs); ``DRIFTCHECK_NO_PREHOOK_FORM_35=1`` keeps the modelling
but never reports the form error (an unknown result instead).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import walk_own

OFF = "DRIFTCHECK_NO_PREHOOKS_36"
FORM_OFF = "DRIFTCHECK_NO_PREHOOK_FORM_35"
_HOOK_DICTS = frozenset(
    {"_forward_pre_hooks", "_forward_pre_hooks_with_kwargs", "_forward_hooks",
     "_forward_hooks_with_kwargs", "_forward_hooks_always_called"}
)  # fmt: skip


def own_module(f: Any, obj: Any) -> Any:
    """The module object a ``Mod`` holds: hooks live on each object of its own."""
    from driftcheck.parsers.source.values.abstract import Leaf, Obj

    return obj if isinstance(obj, (Leaf, Obj)) else f.resolve(obj)


def hooks_untouched(f: Any) -> bool:
    """No loaded module of the code calls ``<x>.remove()`` with no argument (a hook handle's
    removal), registers a forward pre-hook or forward hook outside an ``__init__``, registers
    a global module hook (an attribute, a plain name or an imported alias of
    ``register_module_forward(_pre)_hook``, the ``_global_forward(_pre)_hooks`` dicts), or
    names a module's hook dicts: the hooks ``__init__`` registered are the ones ``forward``
    meets."""
    from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees

    memo = f.run_state.get("fix36_hooks_untouched")
    if isinstance(memo, bool):
        return memo
    trees = own_trees(f.interp)
    ok = trees is not None
    for tree in trees or ():
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
                continue
            in_init = getattr(fn, "name", "") == "__init__"
            for n in walk_own(fn.body):
                if isinstance(n, ast.Attribute) and n.attr in _HOOK_DICTS:
                    ok = False
                if isinstance(n, ast.Attribute) and _global_hook_name(n.attr):
                    ok = False
                if isinstance(n, ast.Name) and _global_hook_name(n.id):
                    ok = False  # ``register_module_forward_pre_hook(h)`` imported by name
                if isinstance(n, ast.ImportFrom) and any(
                    _global_hook_name(a.name) for a in n.names
                ):
                    ok = False  # ``from torch.nn.modules.module import ... as reg``
                if not isinstance(n, ast.Call) or not isinstance(n.func, ast.Attribute):
                    continue
                name = n.func.attr
                if name == "remove" and not n.args and not n.keywords:
                    ok = False
                if name in ("register_forward_pre_hook", "register_forward_hook") and not in_init:
                    ok = False
    f.run_state["fix36_hooks_untouched"] = ok
    return ok


_CALL_IMPL = frozenset({"__call__", "_call_impl", "_wrapped_call_impl"})


def _call_kind(f: Any, obj: Any) -> str:
    """How ``obj(...)`` reaches ``forward``: "torch" where ``type(obj).__call__`` is torch's
    ``nn.Module.__call__`` (``_call_impl`` runs the hooks), "own" where a class of the code's
    own overrides ``__call__`` and names no ``__call__`` / ``_call_impl`` of another class
    (torch's hooks never run), "maybe" otherwise (an override that may reach
    ``super().__call__``, or one the pass cannot read). Memoized per class for the run."""
    from driftcheck.parsers.source.interp.dunders import torch_class
    from driftcheck.parsers.source.values.abstract import Cls, Func, Obj

    if not isinstance(obj, Obj) or not isinstance(obj.cls, Cls):
        return "torch"  # a torch layer (``Leaf``) or a module torch builds
    memo = f.run_state.setdefault("fix36_call_kind", {})
    got = memo.get(id(obj.cls))
    if got is not None:
        return got[1]
    try:
        ok, fn, where = f.interp.classes.mro_attr(obj.cls, "__call__")
    except Exception:  # noqa: BLE001 - a class the lookup cannot read
        ok, fn, where = True, None, None
    if not ok or torch_class(where) or not isinstance(where, Cls):
        kind = "torch"  # none of the code's classes defines it before torch's base
    elif isinstance(fn, Func) and torch_class(fn):
        kind = "torch"
    elif not isinstance(fn, Func) or not isinstance(fn.node, (ast.FunctionDef, ast.Lambda)):
        kind = "maybe"  # ``__call__ = something`` the pass does not read
    else:
        kind = "own"
        for c in obj.cls.mro():  # any class of the code's own naming torch's entry point
            node = getattr(c, "node", None) if isinstance(c, Cls) else None
            if node is None or torch_class(c):
                continue
            for n in ast.walk(node):
                if isinstance(n, ast.Attribute) and n.attr in _CALL_IMPL:
                    kind = "maybe"
                if isinstance(n, ast.Constant) and n.value in _CALL_IMPL:
                    kind = "maybe"
    memo[id(obj.cls)] = (obj.cls, kind)  # the class kept alive while its id is a key
    return kind


def hooks_run(f: Any, obj: Any) -> str:
    """Session 37 (fixreview37a): the one place that decides whether calling the module
    ``obj`` runs torch's module hooks (pre-hooks, forward hooks, the hook-arity check of
    ``dataflow_fix35c``): ``_call_kind`` ("torch", "own": never, "maybe"); "torch" always with
    ``DRIFTCHECK_NO_PREHOOKS_36=1``."""
    if f.switches.get(OFF) == "1":
        return "torch"
    return _call_kind(f, obj)


def call_impl(calls: Any, fv: Any, args: list, kwargs: dict, at: Any) -> tuple[str, list, dict]:
    """(``_call_kind``, inputs) for ``m(*args, **kwargs)``: torch runs a module's pre-hooks and
    forward hooks only inside ``nn.Module.__call__``. A class of the code's own that overrides
    ``__call__`` (``return self.forward(x)``) never runs them; one that may call
    ``super().__call__`` leaves the inputs (and the caller the output) unknown, the pass
    tainted. Switch: ``DRIFTCHECK_NO_PREHOOKS_36=1`` runs the hooks on every module call, as
    before."""
    from driftcheck.parsers.source.interp.fwdhooks import hooks_of

    run = calls.run
    f = run.f
    obj = own_module(f, fv.obj)
    if not hooks_of(obj):
        return "torch", args, kwargs
    kind = hooks_run(f, obj)
    if kind == "maybe":
        line = getattr(at, "lineno", "?")
        run.taint(f"line {line}: a hooked module whose own __call__ may reach nn.Module.__call__")
        args, kwargs = _unknown(args, kwargs)
    return kind, args, kwargs


def _global_hook_name(name: str) -> bool:
    """A name of torch's global module hooks: ``register_module_forward(_pre)_hook`` or the
    ``_global_forward(_pre)_hooks`` dicts they fill."""
    return name.startswith(("register_module_forward", "_global_forward"))


def _dunder_call(run: Any, v: Any) -> Any:
    """The plain ``def __call__(self, ...)`` of ``v``'s class (an instance of a class of the
    code's own, not a module), else None."""
    from driftcheck.parsers.source.interp.dunders import own_code, source_method
    from driftcheck.parsers.source.values.abstract import Func, Obj

    if not isinstance(v, Obj) or v.module or v.kind is not None or v.unresolved:
        return None
    if not own_code(v.cls):
        return None
    try:
        fn = source_method(run.f.interp, v.cls, "__call__")
    except Exception:  # noqa: BLE001 - a class the lookup cannot read
        return None
    if not isinstance(fn, Func) or fn.is_static or fn.is_classmethod:
        return None
    node = fn.node
    if not isinstance(node, ast.FunctionDef) or node.decorator_list:
        return None
    return fn


def hook_callable(run: Any, h: Any) -> Any:
    """The pass's callable for hook record ``h`` (a ``UserFunc``), or None when it cannot run
    it: a bound method of the code's own, a ``__call__`` instance, a plain function or lambda."""
    from driftcheck.parsers.source.forward.dataflow_ops import convert
    from driftcheck.parsers.source.values.abstract import Func, Unknown
    from driftcheck.parsers.source.values.dataflow_values import Mod, UserFunc

    if h.conds or isinstance(h.fn, Unknown):
        return None
    if isinstance(h.fn, Func) and h.fn.bound is not None and not h.fn.is_static:
        return UserFunc(h.fn, Mod(h.fn.bound))  # ``self._tap``: a bound method
    call = _dunder_call(run, h.fn)
    if call is not None:
        return UserFunc(call, Mod(h.fn))  # an instance of a class of the code's own
    fn = convert(run, h.fn)
    return fn if isinstance(fn, UserFunc) else None


def _unknown(args: list, kwargs: dict) -> tuple[list, dict]:
    from driftcheck.parsers.source.values.dataflow_values import UNK, Tens

    def blank(v: Any) -> Any:
        return Tens(None) if isinstance(v, Tens) else UNK

    return [blank(a) for a in args], {k: blank(v) for k, v in kwargs.items()}


def pre_hooks(calls: Any, fv: Any, args: list, kwargs: dict, fr: Any, at: Any) -> tuple[list, dict]:
    """``m(*args, **kwargs)``'s inputs after ``m``'s forward pre-hooks (see the module doc)."""
    from driftcheck.parsers.source.interp.fwdhooks import hooks_of
    from driftcheck.parsers.source.values.abstract import Unknown
    from driftcheck.parsers.source.values.dataflow_values import UNK, Mod, Tens

    run = calls.run
    f = run.f
    if f.input_shape is None:
        return args, kwargs
    obj = own_module(f, fv.obj)
    pre = [h for h in hooks_of(obj) if h.pre]
    if not pre or f.switches.get(OFF) == "1":
        return args, kwargs
    line = getattr(at, "lineno", "?")
    if not hooks_untouched(f):
        run.taint(f"line {line}: forward pre-hooks the code may change after __init__")
        return _unknown(args, kwargs)
    for h in pre:
        fn = hook_callable(run, h)
        if fn is None:
            why = "a forward pre-hook not followed"
            if h.conds:
                why = f"a forward pre-hook registered under the condition at line {h.conds[-1]}"
            run.taint(f"line {line}: {why}")
            return _unknown(args, kwargs)
        exact = not f.doubts and not f.speculative
        doubts, crashes = f.doubts, len(f.crashes)
        given = [Mod(obj), tuple(args), *([dict(kwargs)] if h.with_kwargs else [])]
        got = calls.call_value(fn, given, {}, fr, at)
        exact = exact and f.doubts == doubts and not f.speculative and len(f.crashes) == crashes
        if got is None:
            continue
        if isinstance(got, Unknown) or got is UNK:
            return _unknown(args, kwargs)
        if not h.with_kwargs:
            if got.__class__ is tuple:
                args = list(got)
            elif isinstance(got, (Tens, list, dict, int, float, str)):
                args = [got]  # not a tuple: torch makes it a 1-tuple
            else:  # another value of the pass (chunk pieces, a namedtuple): not judged
                return _unknown(args, kwargs)
            continue
        if got.__class__ is tuple and len(got) == 2:
            new_args, new_kwargs = got
            if new_args.__class__ in (tuple, list) and new_kwargs.__class__ is dict:
                if all(isinstance(k, str) for k in new_kwargs):
                    args, kwargs = list(new_args), dict(new_kwargs)
                    continue
            return _unknown(args, kwargs)  # ``forward(*a, **k)`` of other values: not judged
        bad = isinstance(got, (Tens, dict, list, tuple, int, float, str))
        if bad and exact and f.switches.get(FORM_OFF) != "1" and fr is not None:
            what = "a tensor" if isinstance(got, Tens) else type(got).__name__
            f.crash(fr.loc(at), "RuntimeError: forward pre-hook must return None or a tuple of "
                    f"(new_args, new_kwargs), but got {what}")  # fmt: skip
        return _unknown(args, kwargs)
    return args, kwargs
