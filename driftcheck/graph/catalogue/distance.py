"""Distances between two inputs: cosine similarity and pairwise p-norm distance.

MACs: one per input element (a dot product or a difference per element).
"""

from __future__ import annotations

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked, ex, in_numel_macs
from driftcheck.graph.catalogue.spec import LayerSpec, P, fmt


def _broadcast(name, a, b):
    n = max(len(a), len(b))
    a = (1,) * (n - len(a)) + tuple(a)
    b = (1,) * (n - len(b)) + tuple(b)
    out = []
    for x, y in zip(a, b):
        if isinstance(x, int) and isinstance(y, int) and x != y and 1 not in (x, y):
            raise ShapeError(f"{name} cannot broadcast {fmt(a)} and {fmt(b)}")
        out.append(y if x == 1 else x)
    return out


def _cosine(p, shapes):
    out = _broadcast("CosineSimilarity", shapes[0], shapes[1])
    d = p["dim"]
    if not -len(out) <= d < len(out):
        raise ShapeError(f"CosineSimilarity dim={d} out of range for {fmt(tuple(out))}")
    del out[d]
    return tuple(out)


def _pairwise(p, shapes):
    a, b = shapes[0], shapes[1]
    out = _broadcast("PairwiseDistance", a, b)
    if len(out) < 1:
        raise ShapeError("PairwiseDistance needs at least 1-D inputs")
    if p["keepdim"]:
        out[-1] = 1
        return tuple(out)
    return tuple(out[:-1])


LAYERS = [
    LayerSpec(
        name="CosineSimilarity",
        family="distance",
        params=(P("dim", "int", 1), P("eps", "float", 1e-8)),
        shape=_cosine,
        macs=in_numel_macs,
        torch="torch.nn.CosineSimilarity",
        role="op",
        n_inputs=2,
        aliases=("cosine_similarity", "F.cosine_similarity"),
        doc="Cosine of the angle between x1 and x2 along dim (that axis disappears).",
        examples=ex(({}, ((4, 8), (4, 8))), ({"dim": -1}, ((2, 3, 5), (3, 5)))),
        extra={"bad": ex(({}, ((4, 8), (4, 7))))},
    ),
    LayerSpec(
        name="PairwiseDistance",
        family="distance",
        params=(
            P("p", "float", 2.0, aliases=("norm",)),
            P("eps", "float", 1e-6),
            P("keepdim", "bool", False),
        ),
        shape=_pairwise,
        macs=in_numel_macs,
        torch="torch.nn.PairwiseDistance",
        role="op",
        n_inputs=2,
        aliases=("pairwise_distance", "F.pairwise_distance"),
        doc="p-norm of x1 - x2 over the last axis.",
        examples=ex(({}, ((4, 8), (4, 8))), ({"p": 1.0, "keepdim": True}, ((2, 3, 5), (2, 3, 5)))),
        extra={"bad": ex(({}, ((4, 8), (4, 6))))},
    ),
]

LAYERS = checked(LAYERS)
