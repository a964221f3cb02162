"""The edit vocabulary's layer names and parameter spellings, mapped onto the catalogue.

A policy may write a layer type the way the Neurarch harness does (``conv2d``,
``multiHeadAttention``, ``groupedQueryAttention``, ``mla``, ``mixtureOfExperts``,
``transformerBlock``) or by any catalogue name or alias (``Conv2d``, ``GQA``, ``RMSNorm``,
``SparseMoE``): all resolve to one catalogue type. Parameters may be camelCase (``inFeatures``)
or snake_case (``in_features``); the few the harness spells its own way (``numKVHeads``,
``kvLatentDim``, ``hiddenDim``) are renamed per type. Nothing here guesses: a name the
catalogue does not know stays as written, and the verifier reports it (STR001).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from driftcheck.graph import catalogue
from driftcheck.speed import STORES, Speed, current

INPUT = "input"
OUTPUT = "output"

# harness type -> (catalogue type, renames of its parameters after snake_case)
_PEER: dict[str, tuple[str, dict[str, str]]] = {
    "multiheadattention": ("MultiheadAttention", {}),
    "groupedqueryattention": (
        "Attention",
        {
            "embed_dim": "hidden_size",
            "num_kvheads": "num_kv_heads",
            "num_k_v_heads": "num_kv_heads",
        },
    ),
    "gqa": ("Attention", {"embed_dim": "hidden_size", "num_kvheads": "num_kv_heads"}),
    "selfattention": ("Attention", {"embed_dim": "hidden_size", "num_kvheads": "num_kv_heads"}),
    "causalattention": ("Attention", {"embed_dim": "hidden_size", "num_kvheads": "num_kv_heads"}),
    "attention": ("Attention", {"embed_dim": "hidden_size", "num_kvheads": "num_kv_heads"}),
    "mla": (
        "MultiHeadLatentAttention",
        {
            "embed_dim": "hidden_size",
            "kv_latent_dim": "kv_lora_rank",
            "rope_head_dim": "qk_rope_head_dim",
        },
    ),
    "mixtureofexperts": (
        "SparseMoE",
        {"embed_dim": "hidden_size", "hidden_dim": "intermediate_size"},
    ),
    "transformerblock": (
        "TransformerEncoderLayer",
        {
            "hidden_dim": "d_model",
            "embed_dim": "d_model",
            "num_heads": "nhead",
            "ffn_dim": "dim_feedforward",
        },
    ),
}

_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")


@lru_cache(maxsize=4096)
def snake(key: str) -> str:
    """``inFeatures`` -> ``in_features``; ``numKVHeads`` -> ``num_kvheads``; snake stays."""
    return _CAMEL.sub(r"_\1", key).lower()


@lru_cache(maxsize=4096)
def resolve_type(name: str) -> str | None:
    """The catalogue type a vocabulary name stands for, ``"Input"``/``"output"`` for the
    graph's ends, or None when nothing knows it."""
    low = name.lower()
    if low == INPUT:
        return "Input"
    if low == OUTPUT:
        return OUTPUT
    peer = _PEER.get(low)
    if peer is not None:
        return peer[0]
    return catalogue.lookup(name)


MEMO: bool | None = None
"""Remember translations by exact content. The ``Speed`` in force decides (``gym_vocab``, read
at each translation: DRIFTCHECK_GYM_NO_MEMO=1 or DRIFTCHECK_SPEED_OFF=gym_vocab); True or
False here overrides it."""
_MEMO: dict[Any, tuple[str, dict[str, Any]]] = STORES.gym_vocab  # the process's store


_SCALARS = frozenset({int, float, str, bool, type(None)})


def _key(v: Any) -> Any:
    """Hashable and type-exact (``True``, ``1`` and ``1.0`` stay apart)."""
    t = type(v)
    if t is dict:
        return (dict, tuple((k, _key(x)) for k, x in v.items()))
    if t is list or t is tuple:
        return (t, tuple(_key(x) for x in v))
    hash(v)
    if t is float and v == 0.0:  # 0.0 == -0.0 and they hash alike: keep the sign apart
        return (t, v, math.copysign(1.0, v))
    return (t, v)


def negative_zero(vals: Any) -> bool:
    """A ``-0.0`` among ``vals``: it equals (and hashes as) ``0.0``, so a memo keyed by the
    values alone would hand a plan writing ``-0.0`` what an earlier ``0.0`` gave; such params
    take the nested key (``_key``), which keeps the sign."""
    return any(type(v) is float and v == 0.0 and math.copysign(1.0, v) < 0 for v in vals)


def translate(
    type_name: str, params: dict[str, Any], speed: Speed | None = None
) -> tuple[str, dict[str, Any]]:
    """(catalogue type, catalogue params) for one component as written; an unknown type is
    returned as written, with its params untouched. The result is shared: do not edit it.
    ``speed``: the ``Speed`` in force when the caller has it (``to_graph`` asks once a graph)."""
    sp = speed or current()
    if not (sp.gym_vocab if MEMO is None else MEMO):
        return _translate(type_name, params)
    memo = sp.stores.gym_vocab
    try:
        vals = params.values()
        types = tuple(map(type, vals))
        if _SCALARS.issuperset(types) and not (float in types and negative_zero(vals)):
            # flat, scalar params: types keep 1, 1.0 apart
            key = (type_name, tuple(params), tuple(vals), types)
        else:
            key = (type_name, _key(params))
    except (TypeError, RecursionError):
        return _translate(type_name, params)
    hit = memo.get(key)
    if hit is None:
        if len(memo) > 50_000:
            memo.clear()
        hit = memo[key] = _translate(type_name, params)
    return hit


def _translate(type_name: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    canon = resolve_type(type_name)
    if canon is None or canon == OUTPUT:
        return (type_name if canon is None else OUTPUT), dict(params)
    renames = _PEER.get(type_name.lower(), ("", {}))[1]
    out: dict[str, Any] = {}
    for k, v in params.items():
        key = snake(k) if isinstance(k, str) else k
        out[renames.get(key, key)] = v
    if canon == "TransformerEncoderLayer":
        d = out.get("d_model")
        if "dim_feedforward" not in out and isinstance(d, int) and not isinstance(d, bool):
            out["dim_feedforward"] = 4 * d
        out.setdefault("batch_first", True)
    elif canon == "MultiheadAttention":
        out.setdefault("batch_first", True)
    elif canon == "MultiHeadLatentAttention":
        h, n = out.get("hidden_size"), out.get("num_heads")
        if isinstance(h, int) and isinstance(n, int) and n > 0 and not isinstance(h, bool):
            out.setdefault("qk_nope_head_dim", max(1, h // n))
            out.setdefault("v_head_dim", max(1, h // n))
    return canon, out


# requirement names -> the catalogue types that satisfy them (a requirement written as one
# harness name such as "multiHeadAttention" is met by any attention layer the catalogue knows)
_GROUPS: dict[str, frozenset[str]] = {
    "attention": frozenset(
        {
            "MultiheadAttention",
            "Attention",
            "MultiHeadLatentAttention",
            "CausalSelfAttention",
            "CrossAttention",
            "TransformerEncoderLayer",
            "TransformerDecoderLayer",
            "TransformerEncoder",
            "TransformerDecoder",
        }
    ),
    "norm": frozenset(
        {"BatchNorm1d", "BatchNorm2d", "LayerNorm", "RMSNorm", "GroupNorm", "InstanceNorm2d"}
    ),
}


def requirement_types(name: str) -> frozenset[str]:
    """Catalogue types that satisfy a required type written ``name``."""
    low = name.lower()
    if low in ("multiheadattention", "attention", "selfattention"):
        return _GROUPS["attention"]
    if low in ("norm", "normalization"):
        return _GROUPS["norm"]
    canon = resolve_type(name)
    return frozenset({canon}) if canon else frozenset({name})
