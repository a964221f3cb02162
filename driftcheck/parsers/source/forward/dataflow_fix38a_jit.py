"""Session 38 (crashfix38a): modules the code builds in ``forward`` and TorchScript's
``torch.jit.freeze`` (torch 2.13; checked in ``tests/test_crash38a.py`` with clean twins).

A module of the code's own class built in ``forward`` (``Encoder()``) was an unknown value. It
is now a ``FreshModule``, still unknown to every other rule, that keeps what is certain of it:
a new module is in training mode (``nn.Module.__init__``; the crash study calls ``eval()`` on
the root model only), ``m.eval()`` / ``m.train(False)`` / ``m.train()`` set it (the call returns
the module), and ``torch.jit.script(m)`` / ``torch.jit.trace(m, ...)`` give a ``Scripted`` of
that mode. The mode is dropped (not known) where the class (or a base read from source) names
``eval`` / ``train`` / ``training`` itself, where the module is handed to any other call or any
other method of it runs, and everywhere when some code of the run stores a ``.training``
attribute or calls ``setattr``.

``torch.jit.freeze(m)``: of a ``FreshModule`` (not scripted): RuntimeError "Freezing expects a
ScriptModule as input"; of a ``Scripted`` in training mode: RuntimeError "Freezing is currently
only implemented for modules in eval mode".

``DRIFTCHECK_NO_FIX38A=1`` turns it off (with ``dataflow_fix38a``).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.forward import dataflow_called as hooks
from driftcheck.parsers.source.forward.dataflow_fix38a import _off, _plain_call
from driftcheck.parsers.source.values.dataflow_values import Unk


class FreshModule(Unk):
    """A module of the code's own class built in forward (``training``: True / False / None)."""

    __slots__ = ("training",)

    def __init__(self, training: bool | None) -> None:
        self.training = training

    def __repr__(self) -> str:
        return f"UNK(module built in forward, training={self.training})"


class Scripted(Unk):
    """``torch.jit.script`` / ``trace`` of a ``FreshModule`` (its mode when scripted)."""

    __slots__ = ("training",)

    def __init__(self, training: bool | None) -> None:
        self.training = training

    def __repr__(self) -> str:
        return f"UNK(scripted module, training={self.training})"


_SCRIPT = frozenset({"torch.jit.script", "torch.jit.trace"})
_FREEZE = frozenset({"torch.jit.freeze"})
_MODES = frozenset({"eval", "train"})
# methods of a module that leave its mode alone (torch's own, not overridden)
_KEEP = frozenset(
    {"load_state_dict", "state_dict", "parameters", "named_parameters", "buffers", "cpu",
     "requires_grad_", "zero_grad", "float", "double", "half", "to"}
)  # fmt: skip


def _names_mode(cls: Any) -> bool:
    """The class or a base read from source names ``eval`` / ``train`` / ``training``."""
    try:
        mro = cls.mro()
    except Exception:  # noqa: BLE001
        return True
    for c in mro:
        node = getattr(c, "node", None)
        if node is None:
            continue
        for n in ast.walk(node):
            if isinstance(n, ast.Attribute) and n.attr in ("eval", "train", "training"):
                return True
            if isinstance(n, ast.FunctionDef) and n.name in ("eval", "train", "__call__"):
                return True
    return False


def _stores_training(f: Any) -> bool:
    from driftcheck.parsers.source.forward.dataflow_fix31b import own_trees

    got = f.run_state.get("fix38a_training_store")
    if got is None:
        trees = own_trees(f.interp)
        got = trees is None or any(
            (
                isinstance(n, ast.Attribute)
                and n.attr == "training"
                and not isinstance(n.ctx, ast.Load)
            )
            or (isinstance(n, ast.Name) and n.id == "setattr")
            for t in trees
            for n in ast.walk(t)
        )
        f.run_state["fix38a_training_store"] = got
    return got


@hooks.before(181)
def handed_on(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    """A ``FreshModule`` given to a call other than script / trace / freeze: its mode may
    change there (``prepare(m)``, a helper calling ``m.eval()``): no longer known."""
    from driftcheck.parsers.source.values.abstract import Ext

    f = run.f
    if _off(f) or f.input_shape is None:
        return
    if isinstance(fv, Ext) and fv.qual in _SCRIPT | _FREEZE:
        return
    for v in (*args, *kwargs.values()):
        if isinstance(v, (FreshModule, Scripted)):
            v.training = None


@hooks.after(205)
def module_made(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, out: Any, fr: Any):
    from driftcheck.parsers.source.forward.dataflow_common import receiver
    from driftcheck.parsers.source.values.abstract import Cls, Ext
    from driftcheck.parsers.source.values.dataflow_values import UNK

    f = run.f
    if _off(f) or f.input_shape is None or fr is None:
        return None
    if isinstance(e.func, ast.Attribute):
        recv = receiver(run, e, fr)
        if isinstance(recv, (FreshModule, Scripted)):
            name = e.func.attr
            if name in _MODES and _plain_call(e) and not f.speculative:
                mode = True if name == "train" else False
                if args or kwargs:
                    m = args[0] if args else kwargs.get("mode")
                    mode = m if m.__class__ is bool and len(args) + len(kwargs) == 1 else None
                recv.training = mode
            elif name in _MODES or name not in _KEEP or f.speculative:
                recv.training = None
            return recv if out is UNK and name in _MODES else None
    if out is not UNK:
        return None
    if isinstance(fv, Cls):
        if f.speculative or not f.interp.classes.is_module_cls(fv):
            return None
        if _names_mode(fv) or _stores_training(f):
            return FreshModule(None)
        return FreshModule(True)
    if isinstance(fv, Ext) and fv.qual in _SCRIPT and args:
        m = args[0]
        if isinstance(m, FreshModule):
            return Scripted(m.training)
    return None


@hooks.before(182)
def freeze_called(run: Any, e: ast.Call, fv: Any, args: list, kwargs: dict, fr: Any) -> None:
    from driftcheck.parsers.source.values.abstract import Ext

    f = run.f
    if _off(f) or f.input_shape is None or f.speculative or fr is None:
        return
    if not isinstance(fv, Ext) or fv.qual not in _FREEZE or not _plain_call(e):
        return
    m = args[0] if args else kwargs.get("mod")
    if isinstance(m, FreshModule):
        f.crash(fr.loc(e), "RuntimeError: Freezing expects a ScriptModule as input. Please use "
                "torch.jit.script or torch.jit.trace to script your 'nn.Module'.")  # fmt: skip
    elif isinstance(m, Scripted) and m.training is True and not _stores_training(f):
        f.crash(fr.loc(e), "RuntimeError: Freezing is currently only implemented for modules in "
                "eval mode. Please call .eval() on your module before freezing.")  # fmt: skip
