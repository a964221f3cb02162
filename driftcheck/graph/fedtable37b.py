"""Is a table looked up by the model's input, through a reshape of the ids?

``Canon._input_fed`` took a table as the token table where an edge runs from an ``Input``
straight into it. transformers' models reshape the ids first (ImageGPT's
``input_ids.view(-1, input_shape[-1])``, GPT-2's the same): the edge runs ``Input ->
ReshapeFrom -> wte``, and the largest table (ImageGPT's position table, where the context is
longer than the colour palette) was read as the vocabulary (reimplfix37b: fresh34's
``imagegpt_variant_string__cfg_n_positions``, ``model.vocabSize is 65 ... but 100``). A table
is fed where a chain of single-input layout ops that keep the ids' values leads back to an
``Input``.
"""

from __future__ import annotations

from typing import Any

ID_LAYOUT = frozenset(
    ("ReshapeFrom", "View", "Reshape", "Contiguous", "Flatten", "Unsqueeze", "Squeeze", "Identity")
)
"""Ops that lay the ids out anew and keep every value (no arithmetic on them)."""

MAX_HOPS = 4


def input_fed(node_id: str, into: dict[str, list[str]], by_id: dict[str, Any]) -> bool:
    """An edge into ``node_id`` comes from an ``Input``, directly or through ``ID_LAYOUT``
    ops each with one input."""
    for s in into.get(node_id, []):
        cur = by_id.get(s)
        for _ in range(MAX_HOPS + 1):
            if cur is None:
                break
            if cur.type == "Input":
                return True
            srcs = into.get(cur.id, [])
            if cur.type not in ID_LAYOUT or len(srcs) != 1:
                break
            cur = by_id.get(srcs[0])
    return False
