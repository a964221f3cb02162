"""Pieces shared by several block families: norms, attentions and MLPs written as sub-graphs.

Each function adds nodes to a ``Builder`` and returns the id of the node holding the result,
so a block body reads like its torch ``forward``. Attention comes in two shapes:

- ``hf_attention``: one catalogue ``Attention`` leaf, for the HF decoders whose modules are
  literally ``q_proj/k_proj/v_proj/o_proj`` (grouped-query capable, shapes exact);
- ``mha``: separate ``Linear`` leaves under the block's own module names (BERT's
  ``attention.self.query``, T5's ``SelfAttention.q``) around a parameter-free
  ``ScaledDotProductAttention``. With heads flattened into the last axis the shapes still
  propagate exactly, and the leaves line up one-to-one with what the source parser finds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from driftcheck.graph.blocks._build import Builder


def norm(
    b: Builder,
    kind: str,
    name: str,
    size: int,
    x: str,
    eps: float | None = None,
    *,
    affine: bool = True,
    bias: bool = True,
) -> str:
    """LayerNorm / RMSNorm over the last axis (``affine=False``: no weights, as OLMo)."""
    params: dict[str, Any] = {"normalized_shape": size}
    if eps is not None:
        params["eps"] = eps
    if kind == "LayerNorm":
        params.update(elementwise_affine=affine, bias=bias)
    elif not affine:
        params["elementwise_affine"] = False
    return b.add(kind, name, params, x)


def hf_attention(
    b: Builder,
    name: str,
    p: Mapping[str, Any],
    x: str,
    *,
    bias: bool = False,
    o_bias: bool | None = None,
    qk_norm: bool = False,
) -> str:
    """The catalogue ``Attention`` leaf from HF decoder config fields."""
    params = {
        "hidden_size": p["hidden_size"],
        "num_heads": p["num_attention_heads"],
        "num_kv_heads": p.get("num_key_value_heads"),
        "head_dim": p.get("head_dim"),
        "bias": bias,
        "o_bias": bias if o_bias is None else o_bias,
        "qk_norm": qk_norm,
    }
    return b.add("Attention", name, params, x)


def mha(
    b: Builder,
    prefix: str,
    x: str,
    hidden: int,
    *,
    names: tuple[str, str, str, str] = ("q_proj", "k_proj", "v_proj", "o_proj"),
    bias: bool = True,
    o_bias: bool | None = None,
    k_bias: bool | None = None,
    inner: int | None = None,
    context: str | None = None,
    kv_dim: int | None = None,
) -> str:
    """Multi-head attention as q/k/v/o ``Linear`` leaves around ``ScaledDotProductAttention``.

    ``names`` are module paths relative to ``prefix`` (``"output.dense"`` nests a Module);
    ``context`` makes it cross-attention (keys/values from another input of width
    ``kv_dim``); ``inner`` is heads * head_dim when it differs from ``hidden`` (T5).
    """
    inner = inner or hidden
    src = context or x
    kv_in = kv_dim or hidden
    qn, kn, vn, on = (f"{prefix}.{n}" if prefix else n for n in names)
    q = b.add("Linear", qn, {"in_features": hidden, "out_features": inner, "bias": bias}, x)
    kb = bias if k_bias is None else k_bias
    k = b.add("Linear", kn, {"in_features": kv_in, "out_features": inner, "bias": kb}, src)
    v = b.add("Linear", vn, {"in_features": kv_in, "out_features": inner, "bias": bias}, src)
    a = b.add("ScaledDotProductAttention", None, {}, q, k, v)
    ob = bias if o_bias is None else o_bias
    return b.add("Linear", on, {"in_features": inner, "out_features": hidden, "bias": ob}, a)


def gated_mlp(
    b: Builder, name: str, hidden: int, inter: int, act: str, x: str, *, bias: bool = False
) -> str:
    params = {"hidden_size": hidden, "intermediate_size": inter, "bias": bias, "activation": act}
    return b.add("GatedMLP", name, params, x)


def mlp2(
    b: Builder,
    prefix: str,
    hidden: int,
    inter: int,
    act: str,
    x: str,
    *,
    names: tuple[str, str] = ("fc1", "fc2"),
    bias: bool = True,
    act_name: str | None = None,
    out: int | None = None,
) -> str:
    """Linear -> activation -> Linear under the block's own module names."""
    up, down = (f"{prefix}.{n}" if prefix else n for n in names)
    h = b.add("Linear", up, {"in_features": hidden, "out_features": inter, "bias": bias}, x)
    h = b.act(act_name, act, h)
    return b.add(
        "Linear", down, {"in_features": inter, "out_features": out or hidden, "bias": bias}, h
    )


def fused_attention(
    b: Builder,
    prefix: str,
    x: str,
    h: int,
    kind: str,
    *,
    bias: bool = True,
    qkv: str = "c_attn",
    out: str = "c_proj",
) -> str:
    """One projection to 3h, chunked into q/k/v, attention core, output projection."""
    if kind == "Conv1D":
        big, small = {"nf": 3 * h, "nx": h}, {"nf": h, "nx": h}
    else:
        big = {"in_features": h, "out_features": 3 * h, "bias": bias}
        small = {"in_features": h, "out_features": h, "bias": bias}
    y = b.add(kind, f"{prefix}.{qkv}", big, x)
    qkv_id = b.add("Chunk", None, {"chunks": 3, "dim": -1}, y)
    a = b.add("ScaledDotProductAttention", None, {}, qkv_id, qkv_id, qkv_id)
    return b.add(kind, f"{prefix}.{out}", small, a)
