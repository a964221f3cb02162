"""``torch.func`` in ``__init__`` (issue #16, session 18): ``stack_module_state``.

``stack_module_state(models)`` returns ``(params, buffers)``: for each parameter name of the
models (all of one structure; torch raises otherwise), a new tensor stacking the models' own,
of shape ``(len(models), *shape)``. Ensembles store them in a ``ParameterDict`` (which wraps
each as a ``Parameter``): the count is the members' together. Unknown where a member's
parameters or their shapes are not all known; the buffers are always unknown (a layer's own
buffers are not in the catalogue).
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.library import wildlib
from driftcheck.parsers.source.library.registry import Call, Group
from driftcheck.parsers.source.values.abstract import Leaf, Obj, Tensor, Unknown, plain

F = Group("torch.func")


@F.entry(
    "stack_module_state",
    doc="stack_module_state(models): (params, buffers), each parameter stacked (n, *shape)",
)
def _stack_module_state(c: Call) -> Any:
    from driftcheck.parsers.source.interp import modtree
    from driftcheck.parsers.source.values.abstract import WeightRef

    models = plain(c.args[0]) if c.args else None
    items = c.interp.items.iterate(models) if models is not None else None
    why = Unknown("stack_module_state of models not all known")
    if not items or not all(isinstance(plain(m), (Obj, Leaf)) for m in items):
        return (why, why)
    got = modtree._named_params(plain(items[0]), c.interp.attrs)
    if got is None:
        return (why, why)
    params: dict[str, Any] = {}
    for name, p in got:
        if isinstance(p, WeightRef):
            shape = wildlib.weight_shape(c.interp.attrs, p)
        else:
            shape = getattr(p, "shape", None)
        if not isinstance(shape, tuple) or any(isinstance(plain(d), Unknown) for d in shape):
            return (why, why)
        params[name] = Tensor((len(items), *shape))
    return (params, Unknown("stack_module_state buffers"))
