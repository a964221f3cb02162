"""A stack's dense lead layers are layers of the model: counted into its layer count.

A mixture-of-experts model whose first ``k`` layers are dense (ERNIE-4.5-MoE's
``moe_layer_start_index``, DeepSeek's ``first_k_dense_replace``) canonicalises into the
``k`` dense layers standing apart (each a block unlike the sparse ones, dissolved into the top
level) and the run of sparse layers, the main block. The ``layer-count`` the differ reads off
the run is the sparse layers only: 3 against 2 for a port of 4 layers against a config of 3
(fresh36's ernie45_moe_attrs__numLayers), a finding that holds neither planted value. Where a
side's graph states its dense lead (``derive.dense_lead``: its numbered layers dense first,
then sparse to the end) and the first sparse layer is that side's main block, the ``k`` dense
layers are added to that side's count. A side whose layer standing before the run is already
counted (``lead_layer``) is left as it is.
"""

from __future__ import annotations

from typing import Any

from driftcheck.graph.match.derive import lead_layer, main_block


def count_dense_lead(a: list, b: list, da: dict, db: dict, diffs: list) -> None:
    """In place: each side's dense lead added to the model's ``layer-count`` diff."""
    for d in diffs:
        if d.kind != "layer-count" or d.attribute != "model.numLayers":
            continue
        for side, seq, got in (("left", a, da), ("right", b, db)):
            k = _lead(seq, got)
            value = getattr(d, side)
            if k and type(value) is int:
                setattr(d, side, value + k)


def _lead(seq: list, got: dict) -> int:
    k: Any = got.get("firstKDenseReplace")
    m = main_block(seq)
    if m is None or k is None or type(k.value) is not int or k.value <= 0:
        return 0
    if k.node != m.node.id or lead_layer(seq, m):
        return 0
    return k.value
