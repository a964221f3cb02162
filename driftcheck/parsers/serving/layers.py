"""Tensor tables (name -> shape) to typed layer nodes, with repeated layers compacted.

A checkpoint knows tensor names and shapes, nothing else. Tensors are grouped by module
(``model.layers.0.self_attn.q_proj`` owns ``.weight`` and ``.bias``) and each module becomes a
catalogue layer when one reproduces its tensors *exactly* (the candidate's weight rule must give
the same names and shapes); otherwise every tensor becomes a ``Parameter`` node named by its
full state-dict name. Either way the graph's parameter count is the checkpoint's element count,
and ``state_dict_shapes`` (in ``mismatch``) gives back the checkpoint's own table.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from driftcheck.findings import Location
from driftcheck.graph import catalogue
from driftcheck.graph.model import Node

Shape = tuple[int, ...]

_EMBED = re.compile(
    r"(^|\.)(embed_tokens|wte|wpe|word_embeddings|position_embeddings|token_type_embeddings|"
    r"embed_positions|embed_in|token_embd|shared|tok_embeddings|embeddings)$"
)
_LAYERED = re.compile(r"^(?P<prefix>.+?)\.(?P<index>\d+)\.(?P<rest>.+)$")


def _candidates(module: str, attrs: Mapping[str, Shape]) -> list[tuple[str, dict[str, Any]]]:
    """Catalogue layers (with parameters) that might own exactly these tensors, best first."""
    w = attrs.get("weight")
    has_bias = "bias" in attrs
    last = module.rsplit(".", 1)[-1]
    out: list[tuple[str, dict[str, Any]]] = []
    if w is None:
        return out
    if len(w) == 2:
        if _EMBED.search(module):
            # an embedding is never a Linear; without a catalogue Embedding it stays Parameter
            return [("Embedding", {"num_embeddings": w[0], "embedding_dim": w[1]})]
        if last.startswith("c_"):  # GPT-2 style Conv1D keeps its weight transposed (nx, nf)
            out.append(("Conv1D", {"nx": w[0], "nf": w[1]}))
        out.append(("Linear", {"in_features": w[1], "out_features": w[0], "bias": has_bias}))
    elif len(w) == 1:
        n = w[0]
        if has_bias:
            out.append(("LayerNorm", {"normalized_shape": n}))
            out.append(("LayerNorm", {"normalized_shape": n, "bias": True}))
        else:
            out.append(("RMSNorm", {"normalized_shape": n}))
            out.append(("RMSNorm", {"hidden_size": n}))
            out.append(("LayerNorm", {"normalized_shape": n, "bias": False}))
    elif len(w) in (3, 4, 5):
        conv = {3: "Conv1d", 4: "Conv2d", 5: "Conv3d"}[len(w)]
        out.append(
            (
                conv,
                {
                    "in_channels": w[1],
                    "out_channels": w[0],
                    "kernel_size": tuple(w[2:]),
                    "bias": has_bias,
                },
            )
        )
    return out


def classify(module: str, attrs: Mapping[str, Shape]) -> tuple[str, dict[str, Any]] | None:
    """The first catalogue layer whose weight rule reproduces ``attrs`` exactly, or None."""
    want = {k: tuple(v) for k, v in attrs.items()}
    for name, params in _candidates(module, attrs):
        spec = catalogue.get(name)
        if spec is None:
            continue
        try:
            got = spec.weights(spec.bind(params))
        except (catalogue.CatalogueError, TypeError, ValueError, KeyError):
            continue
        if {k: tuple(v) for k, v in got.items()} == want:
            return name, params
    return None


def _node_id(name: str) -> str:
    # dots are reserved (``tied`` references read "<node id>.<weight>"); escaping % and / first
    # keeps the mapping one-to-one, so distinct tensor names never collide
    # an empty tensor name (a checkpoint may hold one) gets "%", which no escaped name can be
    return name.replace("%", "%25").replace("/", "%2F").replace(".", "/") or "%"


def _module_nodes(
    tensors: Mapping[str, Shape],
    parent: str | None,
    names: Iterable[str],
    block: str | None = None,
    repeat: int = 1,
) -> list[Node]:
    """Leaf nodes for the given tensor names (all under one parent).

    ``block`` names the enclosing repeated block: when a module *is* the block (an
    ``nn.Sequential`` of Linears stores ``encoder.0.weight``), it becomes one leaf with the
    block's ``repeat`` instead of a child of itself.
    """
    modules: dict[str, dict[str, Shape]] = {}
    for t in names:
        module, _, attr = t.rpartition(".")
        modules.setdefault(module, {})[attr] = tensors[t]
    nodes: list[Node] = []
    for module, attrs in modules.items():
        hit = classify(module, attrs) if module and set(attrs) <= {"weight", "bias"} else None
        own = module == block
        if hit is not None and (not own or len(modules) == 1):
            nodes.append(
                Node(
                    id=_node_id(module),
                    type=hit[0],
                    name=module,
                    params=hit[1],
                    parent=None if own else parent,
                    repeat=repeat if own else 1,
                )
            )
            continue
        for attr, shape in attrs.items():
            full = f"{module}.{attr}" if module else attr
            nodes.append(
                Node(
                    id=_node_id(full),
                    type="Parameter",
                    name=full,
                    params={"shape": list(shape)},
                    parent=parent,
                )
            )
    return nodes


def layered_container(names: Iterable[str]) -> tuple[str | None, list[int]]:
    """The module list holding the repeated blocks (``model.layers``) and its indices."""
    counts: dict[str, set[int]] = {}
    for t in names:
        m = _LAYERED.match(t)
        if m:
            counts.setdefault(m.group("prefix"), set()).add(int(m.group("index")))
    if not counts:
        return None, []
    prefix = max(counts, key=lambda p: (len(counts[p]), -len(p)))
    return prefix, sorted(counts[prefix])


def tensor_nodes(tensors: Mapping[str, Shape], file: str | None = None) -> list[Node]:
    """Nodes for a whole tensor table; consecutive identical blocks become one node x repeat.
    Each node's ``loc`` names its file and module (or tensor) so findings can point at it."""
    prefix, indices = layered_container(tensors)
    per_index: dict[int, list[str]] = {}
    loose: list[str] = []
    for t in tensors:
        m = _LAYERED.match(t) if prefix else None
        if m and m.group("prefix") == prefix:
            per_index.setdefault(int(m.group("index")), []).append(t)
        else:
            loose.append(t)

    def signature(i: int) -> tuple:
        cut = len(f"{prefix}.{i}.")
        return tuple(sorted((t[cut:], tensors[t]) for t in per_index[i]))

    nodes: list[Node] = []
    blocks: list[Node] = []
    run_start = 0
    while run_start < len(indices):
        first = indices[run_start]
        end = run_start + 1
        while (
            end < len(indices)
            and indices[end] == indices[end - 1] + 1
            and signature(indices[end]) == signature(first)
        ):
            end += 1
        block_name = f"{prefix}.{first}"
        members = per_index[first]
        if all(t.rpartition(".")[0] == block_name for t in members):
            leaf = _module_nodes(tensors, None, members, block=block_name, repeat=end - run_start)
            if len(leaf) == 1 and leaf[0].name == block_name:
                blocks.extend(leaf)  # the block is one layer: a leaf x repeat
                run_start = end
                continue
        block = Node(
            id=_node_id(block_name), type="Module", name=block_name, repeat=end - run_start
        )
        blocks.append(block)
        blocks.extend(_module_nodes(tensors, block.id, members, block=block_name))
        run_start = end
    head = [t for t in loose if not _is_tail(t)]
    tail = [t for t in loose if _is_tail(t)]
    nodes.extend(_module_nodes(tensors, None, head))
    nodes.extend(blocks)
    nodes.extend(_module_nodes(tensors, None, tail))
    for n in nodes:
        n.loc = Location(file=file, key=n.name)
    return nodes


def _is_tail(name: str) -> bool:
    """Final norm and output head come after the blocks (reads like the model)."""
    return bool(re.search(r"(^|\.)(lm_head|output|norm|ln_f|final_layer_norm|output_norm)\.", name))
