"""An explicit ``F.pad`` feeding a convolution is that convolution's own padding.

``h = F.pad(x, (k - 1, 0)); y = conv(h)`` with ``nn.Conv1d(..., kernel_size=k)`` (no padding of
its own) is the causal short convolution transformers writes as ``nn.Conv1d(..., padding=k - 1)``
whose output is cut back to the input length (Qwen3.5's / Qwen3-Next's gated delta net,
Mamba's and LFM2's short convolutions): the same weights and the same outputs. Padding on both
sides alike (``F.pad(x, (p, p))`` then a conv without padding) is ``padding=p`` exactly. Before
the sequences are built, such a pad is folded into the convolution it alone feeds, so the two
spellings compare as one layer; the pad op leaves the graph. Any other pad (right-only, uneven,
a value other than zero, a pad that also feeds something else, a conv that pads itself too)
is left as written.
"""

from __future__ import annotations

from driftcheck.graph.model import Graph, Node

CONVS = {"Conv1d": 1}
"""conv type -> the number of trailing axes it pads (only 1-d: a 2-d pad's four sides would
need each axis's own rule, and no corpus writes one)"""


def _pad_amount(node: Node, kernel: int) -> int | None:
    """The padding ``node`` (a ``Pad`` op) gives a conv of window ``kernel``: ``p`` for
    ``(p, p)`` or for the causal ``(kernel - 1, 0)``; None for anything else."""
    params = node.params
    if node.type == "ZeroPad1d":  # ``nn.ZeroPad1d(p)`` is ``F.pad(x, p)``
        pad = params.get("padding")
        params = {"pad": (pad, pad) if type(pad) is int else pad}
    elif node.type != "Pad":
        return None
    if params.get("value") not in (None, 0, 0.0) or params.get("mode") not in (None, "constant"):
        return None
    pad = params.get("pad")
    if not isinstance(pad, (list, tuple)) or len(pad) < 2:
        return None
    if not all(type(x) is int for x in pad) or any(pad[2:]):
        return None  # a pad of another axis too (the channels, the batch) is no conv padding
    left, right = pad[0], pad[1]
    if left > 0 and (left == right or (right == 0 and left == kernel - 1)):
        return left
    return None


def _one(v: object) -> int | None:
    if isinstance(v, (list, tuple)) and len(v) == 1:
        v = v[0]
    return v if type(v) is int else None


def fold_pads(g: Graph) -> Graph:
    """``g`` with each zero pad that alone feeds an unpadded 1-d convolution moved into the
    convolution's ``padding`` (its location the pad's); ``g`` itself when there is none."""
    by_id = {n.id: n for n in g.nodes}
    into: dict[str, list[str]] = {}
    out: dict[str, list[str]] = {}
    for e in g.edges:
        into.setdefault(e.dst, []).append(e.src)
        out.setdefault(e.src, []).append(e.dst)
    moved: dict[str, Node] = {}
    dropped: set[str] = set()
    for n in g.nodes:
        if n.type not in CONVS or _one(n.params.get("padding", 0)) != 0:
            continue
        kernel = _one(n.params.get("kernel_size"))
        srcs = into.get(n.id, [])
        if kernel is None or len(srcs) != 1 or srcs[0] not in by_id:
            continue
        pad = by_id[srcs[0]]
        if out.get(pad.id) != [n.id] or len(into.get(pad.id, [])) > 1:
            continue
        amount = _pad_amount(pad, kernel)
        if amount is None:
            continue
        locs = dict(n.param_locs)
        if pad.loc is not None:
            locs["padding"] = pad.loc
        moved[n.id] = n.model_copy(
            update={"params": {**n.params, "padding": amount}, "param_locs": locs}
        )
        dropped.add(pad.id)
    if not moved:
        return g
    nodes = [moved.get(n.id, n) for n in g.nodes if n.id not in dropped]
    edges = []
    for e in g.edges:
        if e.dst in dropped:
            continue
        if e.src in dropped:
            # the pad's input now feeds the conv directly
            src = into.get(e.src, [])
            if not src:
                continue
            e = e.model_copy(update={"src": src[0]})
        edges.append(e)
    outputs = [o for o in g.outputs if o not in dropped]
    new = g.model_copy(update={"nodes": nodes, "edges": edges, "outputs": outputs})
    new._index, new._kids, new._kids_n = None, None, 0  # the lookup caches were g's
    return new
