"""A module called with arguments its ``forward`` cannot take (on real sizes).

torch's ``Module.__call__`` passes its arguments to ``forward`` as Python does, so
``self.conv(x, c)`` on an ``nn.Conv2d`` (``forward(self, input)``), ``self.seq(x, c)`` on an
``nn.Sequential``, ``layer(x, edge_index=adj)`` on a layer whose ``forward(self, x, adj)``
has no such parameter are a TypeError, and calling an ``nn.ModuleList`` / ``nn.ModuleDict``
(no ``forward``) is torch's NotImplementedError. Judged only at a call site whose arguments
the pass holds exactly (no ``*xs`` / ``**kw``), on a ``forward`` that is a plain ``def``
(no decorator that may change its signature) and a module no pre-hook can reach
(``register_forward_pre_hook`` anywhere: silent).
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Func, Leaf, Obj

# torch layers whose ``forward(self, input)`` takes one tensor
ONE_INPUT = frozenset(
    {
        "Linear",
        "Conv1d",
        "Conv2d",
        "Conv3d",
        "BatchNorm1d",
        "BatchNorm2d",
        "BatchNorm3d",
        "LayerNorm",
        "GroupNorm",
        "InstanceNorm1d",
        "InstanceNorm2d",
        "InstanceNorm3d",
        "ReLU",
        "GELU",
        "SiLU",
        "Tanh",
        "Sigmoid",
        "LeakyReLU",
        "ELU",
        "Mish",
        "Hardswish",
        "Softmax",
        "Dropout",
        "Dropout1d",
        "Dropout2d",
        "Flatten",
        "AdaptiveAvgPool1d",
        "AdaptiveAvgPool2d",
        "AdaptiveAvgPool3d",
        "MaxPool2d",
        "AvgPool2d",
    }
)


def exact_site(at: Any, args: list, kwargs: dict) -> bool:
    """Whether ``args`` / ``kwargs`` are the call site's own, one value per argument."""
    if not isinstance(at, ast.Call):
        return False
    if any(isinstance(a, ast.Starred) for a in at.args) or any(k.arg is None for k in at.keywords):
        return False
    return len(at.args) == len(args) and [k.arg for k in at.keywords] == list(kwargs)


def _hooked(obj: Any) -> bool:
    """A hook registered in ``__init__`` (``fwdhooks.HOOKS``) may rewrite the arguments;
    one registered elsewhere is unknown to the pass, hence the call-site judgement alone."""
    from driftcheck.parsers.source.interp.fwdhooks import HOOKS

    holder = getattr(obj, "attrs", None)
    return bool(holder and HOOKS in holder) or bool(getattr(obj, HOOKS, None))


def _signature_error(fn: Func, args: list, kwargs: dict, owner: str) -> str | None:
    node = fn.node
    if not isinstance(node, ast.FunctionDef) or node.decorator_list:
        return None
    a = node.args
    params = [*a.posonlyargs, *a.args][1:]  # without ``self``
    if a.vararg is None and len(args) > len(params):
        n, given = len(params) + 1, len(args) + 1
        return f"TypeError: {owner}.forward() takes {n} positional arguments but {given} were given"
    if a.kwarg is None:
        names = {p.arg for p in [*a.args, *a.kwonlyargs]}
        for k in kwargs:
            if k not in names:
                return f"TypeError: {owner}.forward() got an unexpected keyword argument {k!r}"
    return None


def container_no_forward(calls: Any, obj: Obj) -> str | None:
    """torch's error for calling ``obj``, a torch ``ModuleList`` / ``ModuleDict`` (no
    ``forward``: ``Module._call_impl`` reaches the placeholder); None for any other module."""
    if obj.kind in ("ModuleList", "ModuleDict") and obj.cls is None and not calls.own_forward(obj):
        return (
            f'NotImplementedError: Module [{obj.kind}] is missing the required "forward" function'
        )
    return None


def module_call(calls: Any, obj: Any, args: list, kwargs: dict, fr: Any, at: Any) -> None:
    """Check ``obj(*args, **kwargs)`` against ``obj``'s forward; a crash on a mismatch."""
    run = calls.run
    f = run.f
    if f.input_shape is None or not exact_site(at, args, kwargs) or fr is None:
        return
    loc = fr.loc(at)
    obj = f.resolve(obj)
    if _hooked(obj):
        return
    if isinstance(obj, Leaf):
        from driftcheck.parsers.source.forward import dataflow_argvals

        dataflow_argvals.loss_module(f, obj, loc)  # ``nn.CrossEntropyLoss(reduction="avg")``
        q = obj.torch or ""
        if q.startswith("torch.nn.") and q.rsplit(".", 1)[-1] == obj.type in ONE_INPUT:
            if len(args) > 1:
                f.crash(
                    loc,
                    f"TypeError: {obj.type}.forward() takes 2 positional arguments but "
                    f"{len(args) + 1} were given",
                )
            elif any(k != "input" for k in kwargs):
                k = next(k for k in kwargs if k != "input")
                f.crash(
                    loc, f"TypeError: {obj.type}.forward() got an unexpected keyword argument {k!r}"
                )
        return
    if not isinstance(obj, Obj) or not obj.module:
        return
    own = calls.own_forward(obj)
    if not own:
        from driftcheck.parsers.source.forward import dataflow_argvals

        dataflow_argvals.loss_module(f, obj, loc)  # ``nn.CrossEntropyLoss(reduction="avg")``
    err = container_no_forward(calls, obj)
    if err is not None:
        f.crash(loc, err)
        return
    if obj.kind == "Sequential" and not own and obj.cls is None:
        if len(args) + len(kwargs) != 1 or (kwargs and "input" not in kwargs):
            f.crash(
                loc,
                f"TypeError: Sequential.forward() takes 2 positional arguments but "
                f"{len(args) + 1} were given",
            )
        return
    if obj.kind is not None or not own:
        return
    fn = calls.forward_of(obj)
    if fn is None:
        return
    err = _signature_error(fn, args, kwargs, obj.cls.name if obj.cls else "Module")
    if err is not None:
        f.crash(loc, err)
