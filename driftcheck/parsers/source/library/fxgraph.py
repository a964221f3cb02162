"""``torch.fx.GraphModule(root, graph)``: a module built from a traced or generated graph
(issue #16, session 18, wildfix18d).

e3nn generates its tensor-product and linear kernels as fx graphs and wraps each in
``fx.GraphModule({}, graph, "linear_forward")`` (or a root ``nn.Module()`` holding constant
buffers), then registers it as a sub-module. torch's ``GraphModule.__init__`` copies into the
new module only what the graph's ``get_attr`` / ``call_module`` nodes name, taken from
``root``: it holds no parameter that ``root`` does not hold. So where ``root`` surely holds no
parameter (a dict of plain values or non-parameter tensors, or a module tree whose parameters
are all known and none), the GraphModule is a module with no parameters, exactly; otherwise
it is unknown (which of root's parameters the graph names is not followed here).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Ext, Obj, Tensor, Unknown, plain

FX = Group("torch.fx", "torch.fx.graph_module")
_PLAIN = (int, float, str, bool, bytes, type(None))
_BUFFER_NOTE = "register_buffer with an unknown name"  # library/machine.py ``_register``


def _no_params(ip: Any, root: Any) -> bool:
    """Whether ``root`` surely holds no parameter (see the module docstring)."""
    from driftcheck.parsers.source.interp import modtree

    root = plain(root)
    if isinstance(root, dict):
        return all(
            isinstance(plain(v), _PLAIN) or (isinstance(plain(v), Tensor) and not plain(v).param)
            for v in root.values()
        )
    if isinstance(root, Obj) and root.module:
        if root.unresolved and all(n.startswith(_BUFFER_NOTE) for n in root.unresolved):
            # buffers under names not known (e3nn's constants): ``register_buffer`` stores
            # into ``_buffers`` only (torch refuses a name already a parameter or module)
            return not root.params and not root.children
        got = modtree._named_params(root, ip.attrs, ip)
        return got == []
    return False


@FX.entry(
    "GraphModule",
    doc="GraphModule(root, graph, class_name): a module with no parameters where root holds "
    "none (a dict of plain values or buffers, a module without parameters); else unknown",
)
def _graph_module(c: Call) -> Any:
    root = c.arg(0, "root")
    if root is None or not _no_params(c.interp, root):
        return c.unknown("torch.fx.GraphModule over a root that may hold parameters")
    got = plain(c.interp.calls.call(Ext("torch.nn.Module"), [], {}, c.loc))
    if not isinstance(got, Obj):
        return Unknown("torch.fx.GraphModule")
    got.qual = "torch.fx.GraphModule"  # ``isinstance(m, fx.GraphModule)`` (opt_einsum_fx)
    graph = c.arg(1, "graph")
    if graph is not None:
        got.attrs["graph"] = graph  # ``m.graph``: the graph it was built from
    return got
