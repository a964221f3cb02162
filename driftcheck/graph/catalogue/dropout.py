"""Dropout variants: identity shape, no weights, zero MACs (only active in training)."""

from __future__ import annotations

from driftcheck.graph.catalogue._helpers import checked, ex, rank, zero_macs
from driftcheck.graph.catalogue.spec import LayerSpec, P

_PARAMS = (
    P("p", "float", 0.5, aliases=("rate", "drop_rate", "dropout", "drop_prob")),
    P("inplace", "bool", False),
)


def _dropout(name: str, ranks: tuple[int, ...] | None, doc: str, shapes, aliases=()) -> LayerSpec:
    kw = {"shape": rank(name, ranks)} if ranks else {}
    return LayerSpec(
        name=name,
        family="dropout",
        params=_PARAMS,
        macs=zero_macs,
        torch=f"torch.nn.{name}",
        role="dropout",
        aliases=aliases,
        doc=doc,
        examples=ex(({}, (shapes[0],)), ({"p": 0.1}, (shapes[1],))),
        **kw,
    )


LAYERS = [
    _dropout(
        "Dropout",
        None,
        "Zeroes elements with probability p in training (scales the rest by 1/(1-p)).",
        ((2, 8), (2, 3, 4, 5)),
        ("dropout", "F.dropout", "attn_dropout", "resid_dropout"),
    ),
    _dropout("Dropout1d", (2, 3), "Zeroes whole channels of (N, C, L) input.", ((2, 3, 8), (3, 8))),
    _dropout(
        "Dropout2d",
        (3, 4),
        "Zeroes whole channels of (N, C, H, W) input (spatial dropout).",
        ((2, 3, 4, 4), (3, 4, 4)),
        ("SpatialDropout2D",),
    ),
    _dropout(
        "Dropout3d", (4, 5), "Zeroes whole channels of 5-D input.", ((1, 2, 3, 3, 3), (2, 3, 3, 3))
    ),
    _dropout(
        "AlphaDropout", None, "Dropout that keeps SELU's self-normalization.", ((2, 8), (4, 3, 5))
    ),
    _dropout(
        "FeatureAlphaDropout",
        None,
        "Channel-wise alpha dropout (whole feature maps).",
        ((2, 3, 4), (2, 3, 4, 5)),
    ),
]

LAYERS = checked(LAYERS)
