"""Session 36 (crashfix36): ``next(loader)`` of a ``DataLoader`` in ``forward``.

torch's ``DataLoader`` is an iterable, not an iterator: it defines ``__iter__`` and no
``__next__``, so Python's ``next(loader)`` raises ``TypeError: 'DataLoader' object is not an
iterator`` whatever the dataset (``iter(loader)`` makes the iterator). torch's own class
only: a subclass of the code's own is not an ``Ext`` callee, and may define ``__next__``.

The value ``torch.utils.data.DataLoader(...)`` returns in ``forward`` on real sizes is marked
(an ``AnyLoader``, an unknown value that is such a loader for certain, or fix33b's ``Loader``
kept by identity); ``next(v)`` of a marked value is the crash, judged only while the pass is
certain: not speculative, and a local name or the pass exact (see ``loader_next``).

Also ``sched.step()`` of torch's ``ReduceLROnPlateau`` made in ``forward``: its ``step(self,
metrics, epoch=None)`` needs the metric (``TypeError: ReduceLROnPlateau.step() missing 1
required positional argument: 'metrics'``); the scheduler is marked the same way, the
receiver read again only when it is a name or ``self.<attr>`` chain.

And a result of ``nn.Module``'s own ``register_forward_hook`` (and the other ``register_*``
methods listed in ``dataflow_fix35c._NOT_MODULE``: a ``RemovableHandle``) or
``load_state_dict`` (an ``_IncompatibleKeys``) called in ``forward`` is no module: calling it
is ``TypeError: '<type>' object is not callable``. The module's class must not define the
method (``dataflow_fix35c._torch_method``).

Switch: ``DRIFTCHECK_NO_LOADER_NEXT_36=1`` (all three rules).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_common import pure_chain, receiver, walk_own
from driftcheck.parsers.source.values.dataflow_values import UNK, Unk

OFF = "DRIFTCHECK_NO_LOADER_NEXT_36"
LOADERS = ("torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader")
PLATEAU = (
    "torch.optim.lr_scheduler.ReduceLROnPlateau",
    "torch.optim.lr_scheduler.lr_scheduler.ReduceLROnPlateau",
)
_MARKED = "fix36b_loaders"  # id(value) -> the value (kept alive), fix33b's list loaders


class AnyLoader(Unk):
    """What ``DataLoader(...)`` returns in ``forward``: unknown, but a torch ``DataLoader``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNK(DataLoader)"


def _ext(fv: Any) -> str:
    from driftcheck.parsers.source.values.abstract import Ext

    return fv.qual if isinstance(fv, Ext) else ""


class AnyPlateau(Unk):
    """What ``ReduceLROnPlateau(...)`` returns in ``forward``: unknown, but that scheduler."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNK(ReduceLROnPlateau)"


class NotCallable(Unk):
    """What ``m.register_forward_hook(h)`` / ``m.load_state_dict(sd)`` returns in ``forward``:
    unknown, but an object of type ``kind`` (a handle, a key report), no callable."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __repr__(self) -> str:
        return f"UNK({self.kind})"


def is_loader(f: Any, v: Any) -> bool:
    return isinstance(v, AnyLoader) or id(v) in f.run_state.get(_MARKED, {})


@hooks.after(77)  # ``DataLoader(...)``: a value that is a torch DataLoader for certain
def loader_made(run: Any, e: Any, fv: Any, args: list, kwargs: dict, out: Any, fr: Any) -> Any:
    from driftcheck.parsers.source.forward.dataflow_fix33b import Loader
    from driftcheck.parsers.source.values.dataflow_values import Tens

    f = run.f
    if f.input_shape is None or f.switches.get(OFF) == "1":
        return None
    if _ext(fv) in PLATEAU:
        return AnyPlateau() if out is UNK else None
    if out is UNK and isinstance(e.func, ast.Attribute):
        kind = _module_result(run, e, fv, fr)
        if kind is not None:
            return NotCallable(kind)
    if _ext(fv) not in LOADERS:
        return None
    if out is UNK:
        return AnyLoader()
    if isinstance(out, Loader) or (isinstance(out, Tens) and out.src is None):
        # fix33b's loader of a list of tensors; the unknown result of a call given a tensor
        # (``DataLoader(TensorDataset(x))``): this very object is the loader
        f.run_state.setdefault(_MARKED, {})[id(out)] = out
    return None


@hooks.before(170)  # ``next(loader)`` of a DataLoader
def loader_next(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """A local name keeps the marked object only while every path agrees (``Run.join`` keeps
    a value both branches hold, else makes a fresh unknown); an unknown call cannot rebind a
    local, so after one (``Flow.doubts``) a plain name still holds the loader. Anything else
    (an attribute, an item) is judged only while the pass is exact."""
    f = run.f
    if f.input_shape is None or f.switches.get(OFF) == "1" or fr is None:
        return
    if _ext(fv) != "builtins.next" or not args or kwargs or len(args) > 2 or not e.args:
        return
    if f.speculative or not is_loader(f, args[0]):
        return
    if f.doubts and not isinstance(e.args[0], ast.Name):
        return
    f.crash(fr.loc(e), "TypeError: 'DataLoader' object is not an iterator")


@hooks.before(171)  # ``sched.step()`` of a ReduceLROnPlateau: the metric is required
def plateau_step(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if f.input_shape is None or f.switches.get(OFF) == "1" or fr is None or f.speculative:
        return
    if not isinstance(e.func, ast.Attribute) or e.func.attr != "step" or e.args or e.keywords:
        return
    if not pure_chain(e.func.value) or (f.doubts and not isinstance(e.func.value, ast.Name)):
        return
    try:
        sched = receiver(run, e, fr)
    except Exception:  # noqa: BLE001 - a receiver the pass cannot read again
        return
    if isinstance(sched, AnyPlateau):
        f.crash(fr.loc(e), "TypeError: ReduceLROnPlateau.step() missing 1 required positional "
                "argument: 'metrics'")  # fmt: skip


def _module_result(run: Any, e: Any, fv: Any, fr: Any) -> str | None:
    """The type ``e`` (``<module>.<method>(...)``) returns when the method is one of
    ``nn.Module``'s own that returns no module, else None."""
    from driftcheck.parsers.source.forward import dataflow_fix35c as c35
    from driftcheck.parsers.source.forward.dataflow_fix36 import own_module
    from driftcheck.parsers.source.values.dataflow_values import Bound, Mod

    kind = c35._NOT_MODULE.get(e.func.attr)
    if kind is None or fr is None:
        return None
    target = fv.target if isinstance(fv, Bound) and fv.name == e.func.attr else None
    if target is None and pure_chain(e.func.value):
        try:
            target = receiver(run, e, fr)
        except Exception:  # noqa: BLE001 - a receiver the pass cannot read again
            return None
    if not isinstance(target, Mod):
        return None
    if not c35._torch_method(run.f, own_module(run.f, target.obj), e.func.attr):
        return None
    return kind.rsplit(".", 1)[-1]


@hooks.before(172)  # ``handle(x)``: a hook handle / load report called as a module
def not_callable(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    f = run.f
    if f.input_shape is None or f.switches.get(OFF) == "1" or fr is None or f.speculative:
        return
    if not isinstance(fv, NotCallable) or not pure_chain(e.func):
        return
    if f.doubts and not isinstance(e.func, ast.Name):
        return
    f.crash(fr.loc(e), f"TypeError: '{fv.kind}' object is not callable")


# ``nn.Module`` methods whose override changes what a state dict holds or how it loads
_STATE_METHODS = (
    "set_extra_state", "load_state_dict", "_load_from_state_dict", "state_dict",
    "_save_to_state_dict", "__getattr__", "__setattr__", "__getattribute__", "__class__",
    "__new__",
)  # fmt: skip
_STATE_HOOKS = ("state_dict_pre_hook", "state_dict_post_hook", "state_dict_hook")


def _defines(cls: Any, name: str) -> bool:
    from driftcheck.parsers.source.values.abstract import Cls

    try:
        mro = cls.mro()
    except Exception:  # noqa: BLE001 - a class we cannot read
        return False
    for c in mro:
        if isinstance(c, Cls) and any(
            isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)) and st.name == name
            for st in c.node.body
        ):
            return True
    return False


def _no_state_hooks(f: Any) -> bool:
    """No loaded module of the code names a state-dict hook registration."""
    from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees

    memo = f.run_state.get("fix36b_state_hooks")
    if isinstance(memo, bool):
        return memo
    trees = own_trees(f.interp)
    ok = trees is not None and not any(
        isinstance(n, ast.Attribute) and any(h in n.attr for h in _STATE_HOOKS)
        for tree in trees or ()
        for n in ast.walk(tree)
    )
    f.run_state["fix36b_state_hooks"] = ok
    return ok


def _init_only(f: Any, name: str) -> bool:
    """No loaded module of the code writes or deletes an attribute ``name`` outside an
    ``__init__``, nor calls ``setattr`` / ``delattr``: ``self.<name>`` holds what
    ``__init__`` made whatever unknown calls ran since."""
    from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees

    memo = f.run_state.setdefault("fix36b_init_only", {})
    if name in memo:
        return memo[name]
    trees = own_trees(f.interp)
    ok = trees is not None
    for tree in trees or ():
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
                continue
            init = getattr(fn, "name", "") == "__init__"
            for n in walk_own(fn.body):  # each function on its own (nested ones too)
                if isinstance(n, ast.Attribute) and n.attr == name and not init:
                    ok = ok and isinstance(n.ctx, ast.Load)
                if isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
                    ok = ok and n.func.id not in ("setattr", "delattr")
    memo[name] = ok
    return ok


def _receiver(run: Any, node: Any, fr: Any) -> Any:
    """The module object a name / ``self.<attr>`` chain holds (read again), or None. After
    an unknown call (``Flow.doubts``) only a local name or ``<name>.<child>`` of a child
    module no code rebinds after ``__init__`` (``_init_only``)."""
    from driftcheck.parsers.source.forward.dataflow_fix36 import own_module
    from driftcheck.parsers.source.values.dataflow_values import Mod

    if not pure_chain(node):
        return None
    if run.f.doubts and not isinstance(node, ast.Name):
        if not isinstance(node, ast.Attribute) or not isinstance(node.value, ast.Name):
            return None
        if not _init_only(run.f, node.attr):
            return None
    try:
        v = run.eval(node, fr)
    except Exception:  # noqa: BLE001 - a receiver the pass cannot read again
        return None
    return own_module(run.f, v.obj) if isinstance(v, Mod) else None


@hooks.before(173)  # ``m.load_state_dict(M().state_dict())``: extra state with no setter
def extra_state_load(run: Any, e: Any, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """torch's ``Module.state_dict`` stores ``<prefix>_extra_state`` for a module whose class
    overrides ``get_extra_state``; ``_load_from_state_dict`` hands that key to
    ``set_extra_state`` only when the class overrides it too, else under ``strict`` (the
    default) the key is unexpected: RuntimeError "Error(s) in loading state_dict for <cls>".
    Judged at the root only, for ``dst.load_state_dict(src.state_dict())`` with ``src`` of
    ``dst``'s very class (an instance built right there, or a module the pass holds), both
    classes seen whole and overriding none of the state methods, no state-dict hook
    registered anywhere in the code, ``strict`` not given or a literal True."""
    from driftcheck.parsers.source.forward.dataflow_fix30b import _plain_class
    from driftcheck.parsers.source.values.abstract import Cls

    f = run.f
    if f.input_shape is None or f.switches.get(OFF) == "1" or fr is None or f.speculative:
        return
    if not isinstance(e.func, ast.Attribute) or e.func.attr != "load_state_dict":
        return
    if not e.args or len(e.args) > 2 or any(k.arg != "strict" for k in e.keywords):
        return
    flags = [*e.args[1:], *(k.value for k in e.keywords)]
    if any(not (isinstance(v, ast.Constant) and v.value is True) for v in flags):
        return
    src = e.args[0]
    if not isinstance(src, ast.Call) or src.args or src.keywords:
        return
    if not isinstance(src.func, ast.Attribute) or src.func.attr != "state_dict":
        return
    dst = _receiver(run, e.func.value, fr)
    if dst is None or not _plain_class(dst, _STATE_METHODS):
        return
    if not _defines(dst.cls, "get_extra_state") or not _no_state_hooks(f):
        return
    base = src.func.value
    if isinstance(base, ast.Call):  # ``Vocab().state_dict()``: an instance of a class
        if not pure_chain(base.func):
            return
        try:
            cls = run.eval(base.func, fr)
        except Exception:  # noqa: BLE001
            return
        if not isinstance(cls, Cls) or cls is not dst.cls:
            return
    else:
        other = _receiver(run, base, fr)
        if other is None or other.cls is not dst.cls or not _plain_class(other, _STATE_METHODS):
            return
    f.crash(fr.loc(e), f"RuntimeError: Error(s) in loading state_dict for {dst.cls.name}: "
            "Unexpected key(s) in state_dict: \"_extra_state\"")  # fmt: skip
