"""The dense layers' MLP width of a model whose dense and sparse layers interleave.

Qwen2-MoE with ``decoder_sparse_step=2`` (or ``mlp_only_layers``) builds a dense MLP of
``intermediate_size`` in some layers and experts of ``moe_intermediate_size`` (plus a shared
expert) in the others. Where the experts are ``nn.Linear`` modules, ``derive`` reads the
model's ``intermediateSize`` off them (``_expert_module_width``): the experts' width, which
the config calls ``moe_intermediate_size``, against the config's dense width on the other
side: a false major on a clean port (review39 M3). Here, on a side whose ``intermediateSize``
is its experts' width, the dense MLP's width is read instead where exactly one other MLP
width stands among its linear layers: a ``Linear`` from the model width ``D`` to ``v`` and
one from ``v`` back, ``v`` neither the experts', the shared expert's nor an attention's
projected width (heads x head width). Several such widths, or none: the reading is left as
it was. ``DRIFTCHECK_NO_DENSE_WIDTH=1`` switches it off.
"""

from __future__ import annotations

import os
from typing import Any

from driftcheck.graph.match.canon import walk
from driftcheck.graph.match.derive import Derived, _attr, _loc


def dense_width(items: list, d: dict) -> None:
    """In place: ``d["intermediateSize"]`` the dense MLP's width where it was the experts'."""
    if os.environ.get("DRIFTCHECK_NO_DENSE_WIDTH") == "1":
        return
    mlp, moe, hidden = d.get("intermediateSize"), d.get("moeIntermediateSize"), d.get("hiddenSize")
    if mlp is None or moe is None or hidden is None or "numExperts" not in d:
        return
    if mlp.value != moe.value or type(hidden.value) is not int:
        return
    width = hidden.value
    skip: set[Any] = {moe.value, width}
    shared = d.get("sharedExpertIntermediateSize")
    if shared is not None:
        skip.add(shared.value)
    hd = d.get("headDim")
    for k in ("numHeads", "numKvHeads"):
        h = d.get(k)
        if h is not None and hd is not None and type(h.value) is int and type(hd.value) is int:
            skip.add(h.value * hd.value)
    ups: dict[int, Any] = {}
    downs: set[int] = set()
    for it in walk(items):
        if it.is_block or it.ltype != "Linear":
            continue
        i, o = it.params.get("in_features"), it.params.get("out_features")
        if type(i) is not int or type(o) is not int:
            continue
        if i == width and o not in skip:
            ups.setdefault(o, it)
        if o == width and i not in skip:
            downs.add(i)
    widths = [v for v in ups if v in downs]
    if len(widths) != 1:
        return
    up = ups[widths[0]]
    d["intermediateSize"] = Derived(
        widths[0], _attr(up, "out_features"), _loc(up, "out_features"), up.node.id
    )
