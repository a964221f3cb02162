"""A parametrization that holds parameters, registered on a catalogue layer (issue #16).

``parametrize.register_parametrization(layer, "weight", DiagScale(12))`` where ``DiagScale``
owns ``self.d = nn.Parameter(torch.ones(n))``: torch moves the weight to
``layer.parametrizations.weight.original`` (the same count) and registers the parametrization
module under ``layer.parametrizations.weight.<i>``, so its parameters count with the layer's.
The catalogue counts a layer's own weights only, so the layer was left unresolved. Here the
parametrization's parameters, read as ``named_parameters()`` reads them (interp/modtree.py:
each tensor once, a catalogue layer's weights by the catalogue), are kept on the layer
(``Leaf.owned``) and become parameters beside it in the graph (output/builder.py), as
weight_norm's magnitude does. The same module registered twice, or on two layers, is counted
once (torch dedups parameters by identity; the builder ties a tensor seen before).

Only a plain catalogue layer holds them (a part of a layer, ``MultiheadAttention.out_proj``,
does not); a parametrization whose parameters are not all known leaves the layer unresolved,
as before. Where a layer with such parts is read as a whole elsewhere (``layer.parameters()``,
``copy.deepcopy``, its forward, its weight's shape) the reader treats it as it treats a
weight-normed one: unknown, never the plain layer.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.values.abstract import Leaf, Obj, Tensor, WeightRef, plain


def add_parametrization(interp: Any, layer: Any, name: Any, p: Any, index: int) -> bool:
    """Keep ``p``'s parameters on ``layer`` under ``parametrizations.<name>.<index>``; False
    (nothing kept) when the layer is not a plain catalogue layer or ``p``'s parameters are
    not all known."""
    from driftcheck.parsers.source.interp.modtree import _named_params

    p = plain(p)
    if type(layer) is not Leaf or not isinstance(name, str) or layer.unresolved:
        return False
    if not (isinstance(p, Leaf) or (isinstance(p, Obj) and p.module)) or p.unresolved:
        return False
    items = _named_params(p, interp.attrs, interp)
    if items is None or not all(isinstance(v, (Tensor, WeightRef)) for _, v in items):
        return False
    layer.owned[f"parametrizations.{name}.{index}"] = list(items)
    return True
