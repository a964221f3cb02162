"""A model's state-dict names in GGUF spelling, via the ``gguf`` package's own TensorNameMap.

llama.cpp's converters rename ``model.layers.3.self_attn.q_proj.weight`` to
``blk.3.attn_q.weight`` with the table that ships in ``gguf`` (``get_tensor_name_map``); using
that same table, a config or code graph can be laid over a GGUF's tensor list. Tensors the
table does not know (converter-specific fusions, stacked experts) are returned as unmapped.
"""

from __future__ import annotations

Shape = tuple[int, ...]


def to_gguf_names(
    table: dict[str, Shape], arch: str, n_blocks: int
) -> tuple[dict[str, Shape], list[str]]:
    """(GGUF name -> shape, names the map does not cover) for a model's state-dict table."""
    import gguf

    by_name = {name: enum for enum, name in gguf.MODEL_ARCH_NAMES.items()}
    enum = by_name.get(arch)
    if enum is None:
        return {}, list(table)
    tmap = gguf.get_tensor_name_map(enum, n_blocks)
    out: dict[str, Shape] = {}
    unmapped: list[str] = []
    for name, shape in table.items():
        g = tmap.get_name(name, try_suffixes=(".weight", ".bias"))
        if g is None:
            unmapped.append(name)
        else:
            out[g] = shape
    return out, unmapped
