"""A root module that is a torch container itself (session 31, seqroot31).

``model = nn.Sequential(nn.Linear(4, 8), nn.Linear(9, 2))`` has torch's own ``forward``:
``Sequential.forward(self, input)`` calls each item on the previous one's output. The pass
followed no forward for such a root (the note "torch's own forward, not traced"), so a chain
torch rejects got no finding. It is now chained exactly as a ``Sequential`` called inside a
source forward is (``Calls.call_module``: the same code, no second chain): one input named
``input`` (torch's parameter), defined where the container is built, taking
``check --input-shape`` as a source forward's first input does (``Calls.root_input``); without
it, the input's shape is unknown and the rules stay as silent as they are for a source root.

Chained only where torch's forward is certain to be that chain: the container is torch's
(or a subclass read from source none of whose classes defines ``forward``, ``__iter__``,
``__call__`` or ``_call_impl``), its items were all seen (no ``unresolved`` note, no
``None`` item: calling one is torch's TypeError, left unknown), it holds at least one item,
no forward hook was registered on it and no ``forward`` attribute was assigned to the
instance (it would shadow the class's).

A torch ``ModuleList`` / ``ModuleDict`` root has no forward: calling it is torch's
NotImplementedError (``dataflow_arity.container_no_forward``, the rule a call site inside a
forward uses). With an input to follow (``--input-shape``: the caller asks that the model be
called) that is a crash at the line the container is built; without one, a note says so.
"""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.abstract import Obj

INPUT = "input"  # the parameter of torch's ``Sequential.forward``


class _Where:
    """The defining file of the container, for the frame that reports its crashes."""

    __slots__ = ("path",)

    def __init__(self, path: str) -> None:
        self.path = path


# what torch's ``Sequential.forward`` / ``Module.__call__`` reach on the instance: a class read
# from source defining one of them runs other code
_SEQ_NAMES = ("forward", "__iter__", "__call__", "_call_impl")
_SEQ_QUALS = ("torch.nn.Sequential", "torch.nn.modules.container.Sequential")


def _torch_container(root: Any) -> bool:
    from driftcheck.parsers.source.forward.dataflow_arity import _hooked

    return (
        isinstance(root, Obj)
        and root.module
        and root.kind is not None
        and "forward" not in root.attrs  # ``model.forward = f``: the instance's, not torch's
        and not _hooked(root)
        and root.loc is not None
    )


def _torch_sequential_class(interp: Any, root: Obj) -> bool:
    """torch's ``Sequential`` itself, or a subclass read from source none of whose classes
    defines what its call runs (``class MLP(nn.Sequential)`` with an ``__init__`` only)."""
    if root.cls is None:
        return (root.qual or "") == "torch.nn.Sequential"
    try:
        for name in _SEQ_NAMES:
            ok, _, where = interp.classes.mro_attr(root.cls, name)
            if ok or getattr(where, "qual", None) not in _SEQ_QUALS:
                return False
    except Exception:  # noqa: BLE001
        return False
    return True


def chained(interp: Any, root: Any) -> bool:
    """Whether ``root`` is a torch ``Sequential`` whose forward is the chain of its items."""
    return (
        _torch_container(root)
        and root.kind == "Sequential"
        and _torch_sequential_class(interp, root)
        and bool(root.children)
        and not root.unresolved
        and not root.none_keys
    )


def run_container_root(calls: Any, root: Any) -> tuple[bool, Any]:
    """(True, the output) when the root is chained or judged here; (False, None) else."""
    from driftcheck.parsers.source.forward import dataflow_arity
    from driftcheck.parsers.source.forward.dataflow_eval import Frame

    if not _torch_container(root):
        return False, None
    f = calls.run.f
    at = (str(root.loc[0]), int(root.loc[1] or 0))
    err = dataflow_arity.container_no_forward(calls, root)
    if err is not None and root.qual == f"torch.nn.{root.kind}":
        if f.input_shape is None:
            calls.run.notes.append(
                f"forward: the root module is {root.qual}: it has no forward "
                "(calling it raises NotImplementedError)"
            )
        else:
            f.crash(at, err)
        return True, None
    if not chained(f.interp, root):
        return False, None
    x = calls.root_input(INPUT, at, first=True)
    calls.root_at = at
    fr = Frame(_Where(at[0]), None, f.nid(root), None)
    site = ast.Name(id=INPUT, ctx=ast.Load(), lineno=at[1], col_offset=0)
    calls.run.stack.append(fr)
    try:
        return True, calls.call_module(root, [x], {}, fr, site)
    finally:
        calls.run.stack.pop()
