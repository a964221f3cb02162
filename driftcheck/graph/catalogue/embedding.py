"""Lookup tables: Embedding and EmbeddingBag (the learned positional table is in custom.py).

MACs: 0 for a lookup; EmbeddingBag's sum/mean reduction costs one per gathered element.
"""

from __future__ import annotations

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked, ex, zero_macs
from driftcheck.graph.catalogue.spec import LayerSpec, P, fmt, numel

_VOCAB = ("vocab_size", "n_vocab", "num_tokens", "input_dim", "ntoken", "n_token")
_DIM = ("embedding_size", "hidden_size", "d_model", "n_embd", "embed_dim", "output_dim", "dim")


def _emb_params(bag: bool) -> tuple[P, ...]:
    params = [
        P("num_embeddings", dim=True, aliases=_VOCAB),
        P("embedding_dim", dim=True, aliases=_DIM),
    ]
    if not bag:
        params.append(P("padding_idx", "int", None, aliases=("pad_token_id",)))
    params += [
        P("max_norm", "float", None),
        P("norm_type", "float", 2.0),
        P("scale_grad_by_freq", "bool", False),
    ]
    if bag:
        params += [
            P("mode", "str", "mean"),
            P("include_last_offset", "bool", False),
            P("padding_idx", "int", None),
        ]
    params.append(P("sparse", "bool", False))
    return tuple(params)


def _bag_shape(p, shapes):
    """torch's two forms: 2-D ids (one bag per row, no offsets), or 1-D ids with a 1-D
    ``offsets`` (second input) starting each bag. 1-D ids seen without offsets may have them
    as a keyword the dataflow does not pass here: unknown (ValueError), never a mismatch."""
    x = shapes[0]
    offsets = shapes[1] if len(shapes) > 1 else None
    if len(x) == 2:
        # a second input of the ids' own shape is per_sample_weights (``bag(ids, None, w)``:
        # the None is not an input here), not offsets
        if offsets is not None and len(offsets) == 1:
            raise ShapeError(
                f"2-D input {fmt(x)} is a batch of fixed-length bags, offsets "
                "must be None (ValueError)"
            )
        return (x[0], p["embedding_dim"])
    if len(x) == 1:
        if offsets is None:
            raise ValueError("1-D ids: the bags come from offsets")
        if len(offsets) != 1:
            raise ShapeError(f"offsets must be 1-D, got shape {fmt(offsets)}")
        n = offsets[0] - 1 if p["include_last_offset"] else offsets[0]
        return (n, p["embedding_dim"])
    raise ShapeError(f"EmbeddingBag expects 1-D or 2-D input, got shape {fmt(x)}")


LAYERS = [
    LayerSpec(
        name="Embedding",
        family="embedding",
        params=_emb_params(False),
        weights=lambda p: {"weight": (p["num_embeddings"], p["embedding_dim"])},
        shape=lambda p, s: (*s[0], p["embedding_dim"]),
        macs=zero_macs,
        torch="torch.nn.Embedding",
        role="embedding",
        aliases=("embed_tokens", "wte", "word_embeddings", "TokenEmbedding", "nn.Embedding"),
        doc="Lookup table: integer ids (*) -> (*, embedding_dim).",
        examples=ex(
            ({"num_embeddings": 100, "embedding_dim": 16}, ((2, 7),)),
            ({"num_embeddings": 50, "embedding_dim": 8, "padding_idx": 0}, ((5,),)),
        ),
        extra={"input_dtype": ("long",), "no_bad": "ids of any shape index the table"},
    ),
    LayerSpec(
        name="EmbeddingBag",
        family="embedding",
        params=_emb_params(True),
        weights=lambda p: {"weight": (p["num_embeddings"], p["embedding_dim"])},
        shape=_bag_shape,
        n_inputs=None,  # ids, then optional offsets and per_sample_weights
        macs=lambda p, s, o: (numel(s[0]) or 0) * p["embedding_dim"] if p["mode"] != "max" else 0,
        torch="torch.nn.EmbeddingBag",
        role="embedding",
        aliases=("embedding_bag",),
        doc="Sums/means/maxes the embeddings of each bag: (B, N) ids -> (B, embedding_dim).",
        examples=ex(
            ({"num_embeddings": 100, "embedding_dim": 16}, ((4, 6),)),
            ({"num_embeddings": 20, "embedding_dim": 8, "mode": "sum"}, ((2, 3),)),
        ),
        extra={
            "input_dtype": ("long",),
            "bad": ex(({"num_embeddings": 10, "embedding_dim": 4}, ((2, 3, 4),))),
        },
    ),
]

LAYERS = checked(LAYERS)
