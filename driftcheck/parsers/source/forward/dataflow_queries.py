"""The pass state's answers to the forward interpreter (mixed into ``Flow``), and the
catalogue helpers they share.

Every read or write of pass state by the interpreter goes through a method (here or in
``Flow``): one narrow interface between the interpreter and the graph it builds (a recording
of these calls, replayed onto identical layers, was built on it and measured slower than
interpreting; see docs/parser.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftcheck.graph import catalogue
from driftcheck.graph.model import Node
from driftcheck.parsers.source.values.dataflow_values import Tens

if TYPE_CHECKING:
    from driftcheck.parsers.source.forward.dataflow import Flow


class Queries:
    """Small queries and bookkeeping of the pass: a part of ``Flow`` (whose state they read)."""

    def __init__(self, f: Flow) -> None:
        self.f = f  # the owner

    def spec(self, type_: str) -> Any:
        spec = self.f.specs.get(type_, self.f)
        if spec is self.f:
            spec = self.f.specs[type_] = catalogue.get(type_)
        return spec

    def enter(self, nid: str, first: str | None, shape: Any = None) -> tuple[bool, Any]:
        """A module call starts: (True, output) when it is the compacted repeat of a block.

        On real sizes (``shape``: the first input's), a repeat whose input has another shape
        than the block's first application had (monai UNETR's stride-2 up-sampling blocks)
        is run again: its copies' layers get the real shapes."""
        self.f.called.add(nid)
        seen = self.f.first_in
        if self.f.repeated_owner(nid, first) and nid in self.f.last_out:
            if shape is None or seen.get(nid) is None or seen[nid] == shape:
                return True, self.f.last_out[nid]
            return False, None
        if shape is not None:
            seen.setdefault(nid, shape)
        if nid in self.f.last_out:  # a repeated block applied again to an outside tensor
            self.f.parallel.add(nid)
        return False, None

    def leave(self, nid: str | None, out: Any) -> None:
        """A module call returned ``out``: a repeated block remembers it (see ``enter``)."""
        node = self.f.node(nid) if nid is not None else None
        if node is not None and node.repeat > 1:
            self.f.last_out[nid] = out  # type: ignore[index]

    def node_type(self, nid: str | None) -> str | None:
        node = self.f.node(nid) if nid else None
        return node.type if node is not None else None

    def mark_weights_read(self, obj: Any) -> None:
        """Forward read a leaf's weight or bias directly (``F.conv1d(x, self.conv.weight)``)."""
        nid = self.f.nid(obj)  # type: ignore[attr-defined]
        if nid is not None:
            self.f.weights_read.add(nid)

    def mark_ran(self, obj: Any) -> None:
        self.f.ran[id(obj)] = obj

    def taint_module(self, obj: Any) -> None:
        self.f.tainted.add(id(obj))

    def param_tensor(self, obj: Any, name: str) -> Tens:
        """``self.cls_token``: the graph's Parameter node, with its shape when known."""
        ref = self.f.b.weight_at.get((id(obj), name))
        node = self.f.node(ref.split(".", 1)[0]) if ref is not None else None
        if node is None or node.type != "Parameter":
            return Tens(None)
        shape = node.params.get("shape")
        return Tens(node.id, tuple(shape) if isinstance(shape, (list, tuple)) else None)


def weight_names(node: Node) -> list[str]:
    spec = catalogue.get(node.type)
    if spec is None or node.unresolved:
        return []
    try:
        return list(spec.weights(spec.bind(node.params)))
    except Exception:  # noqa: BLE001
        return []


def sym_shape(type_: str, params: dict[str, Any], inputs: list[Tens], spec: Any = False) -> Any:
    """The catalogue's shape rule run on symbolic shapes; None when any is unknown or it fails."""
    spec = catalogue.get(type_) if spec is False else spec
    shapes = [t.shape for t in inputs]
    if spec is None or any(s is None for s in shapes):
        return None
    try:
        out = spec.output_shape(params, shapes)  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001 - symbolic dims are not what rules are written for
        return None
    return tuple(out) if all(d is not None for d in out) else None
