"""Deterministic task generator: 17 families, splits, manifests.

A generated task is a pure function of ``(family, split, seed, index)``: its parameters come
from ``random.Random`` seeded with that text (string seeding hashes with SHA-512, so it is the
same in every process whatever ``PYTHONHASHSEED`` says), and its id names all four
(``gen-cnn@train:7:12``), so ``get_task`` rebuilds it from the id alone. A split interleaves its
families evenly in a seed-shuffled order.

Splits: ``train`` and ``test`` draw from the same families under different seeds; ``heldout``
draws only from ``HELDOUT_FAMILIES``, which never appear in ``train`` or ``test``. A manifest
(``manifest``) names the split, the generator version, the count, the family counts and a
SHA-256 digest of the tasks' canonical JSON: enough to confirm two scores came from the same
tasks without revealing them.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from driftcheck_gym.tasks import Task

GENERATOR_VERSION = 1


def _stub(shape: list[int], dtype: str | None = None) -> dict[str, Any]:
    d: dict[str, Any] = {
        "components": [
            {"name": "input", "type": "input", "params": {"shape": shape}},
            {"name": "output", "type": "output", "params": {}},
        ],
        "connections": [{"from": "input", "to": "output"}],
    }
    if dtype:
        d["inputDtype"] = dtype
    return d


def _graph(shape: list[int], layers: list[tuple[str, str, dict]], dtype: str | None = None) -> dict:
    comps = [{"name": "input", "type": "input", "params": {"shape": shape}}]
    comps += [{"name": n, "type": t, "params": p} for n, t, p in layers]
    comps.append({"name": "output", "type": "output", "params": {}})
    names = [c["name"] for c in comps]
    d: dict[str, Any] = {
        "components": comps,
        "connections": [{"from": a, "to": b} for a, b in zip(names, names[1:])],
    }
    if dtype:
        d["inputDtype"] = dtype
    return d


def _chain(after: str, layers: list[tuple[str, str, dict]]) -> list[dict[str, Any]]:
    out, prev = [], after
    for name, t, p in layers:
        a: dict[str, Any] = {
            "type": "add_component",
            "componentType": t,
            "name": name,
            "after": prev,
        }
        if p:
            a["params"] = p
        out.append(a)
        prev = name
    return out


def _round_up(x: float, to: int = 1000) -> int:
    return int(-(-x // to) * to)


def _params(layers: list[tuple[str, str, dict]], shape: list[int], dtype: str | None = None) -> int:
    from driftcheck_gym.state import Arch, to_graph

    p = to_graph(Arch.from_data(_graph(shape, layers, dtype))).params_total()
    assert p is not None
    return p


Spec = dict[str, Any]


# ---------------------------------------------------------------------- design families
def _mlp(r: random.Random) -> Spec:
    f, c = r.choice([16, 24, 32, 48, 64, 100]), r.choice([2, 3, 5, 10])
    hs = [r.choice([32, 64, 96, 128, 256]) for _ in range(r.randint(2, 3))]
    layers, prev = [], f
    for i, h in enumerate(hs, 1):
        layers += [
            (f"fc{i}", "linear", {"inFeatures": prev, "outFeatures": h}),
            (f"act{i}", "relu", {}),
        ]
        prev = h
    layers.append(("head", "linear", {"inFeatures": prev, "outFeatures": c}))
    budget = _round_up(_params(layers, [1, f]) * r.choice([1.5, 2, 3]))
    return {
        "kind": "design",
        "spec": f"Build an MLP classifier for {f} tabular features and {c} classes: {len(hs)} hidden "
        f"linear layers with ReLU and a linear head: output shape (1, {c}). At most {budget:,} parameters.",
        "start": _stub([1, f]),
        "requirements": {
            "mustContainTypes": ["linear", "relu"],
            "minComponents": 2 * len(hs) + 3,
            "maxParams": budget,
            "outputShape": [1, c],
            "minScore": 60,
        },
        "reference": _chain("input", layers),
    }


def _cnn(r: random.Random) -> Spec:
    ch, hw, c = r.choice([1, 3]), r.choice([28, 32, 64]), r.choice([10, 100, 37])
    w1, w2 = r.choice([16, 32]), r.choice([32, 64, 128])
    layers = [
        ("conv1", "conv2d", {"inChannels": ch, "outChannels": w1, "kernelSize": 3, "padding": 1}),
        ("act1", "relu", {}),
        ("pool1", "maxPool2d", {"kernelSize": 2}),
        ("conv2", "conv2d", {"inChannels": w1, "outChannels": w2, "kernelSize": 3, "padding": 1}),
        ("act2", "relu", {}),
        ("gap", "adaptiveAvgPool2d", {"outputSize": 1}),
        ("flat", "flatten", {}),
        ("head", "linear", {"inFeatures": w2, "outFeatures": c}),
    ]
    budget = _round_up(_params(layers, [1, ch, hw, hw]) * r.choice([2, 4, 10]))
    return {
        "kind": "design",
        "spec": f"Design a CNN for {ch}x{hw}x{hw} images and {c} classes: at least two conv layers "
        f"with nonlinearities, then pool or flatten into a linear classifier: output shape (1, {c}). "
        f"At most {budget:,} parameters.",
        "start": _stub([1, ch, hw, hw]),
        "requirements": {
            "mustContainTypes": ["conv2d", "linear"],
            "minComponents": 6,
            "maxParams": budget,
            "outputShape": [1, c],
            "minScore": 60,
        },
        "reference": _chain("input", layers),
    }


def _txf(r: random.Random) -> Spec:
    v, s = r.choice([8000, 16000, 32000]), r.choice([64, 128, 256])
    h = r.choice([4, 8])
    d, c = h * r.choice([16, 32, 64]), r.choice([2, 4, 6])
    layers = [
        ("embed", "embedding", {"numEmbeddings": v, "embeddingDim": d}),
        ("block1", "transformerBlock", {"hiddenDim": d, "numHeads": h}),
        ("block2", "transformerBlock", {"hiddenDim": d, "numHeads": h}),
        ("norm", "layerNorm", {"normalizedShape": d}),
        ("head", "linear", {"inFeatures": d, "outFeatures": c}),
    ]
    budget = _round_up(_params(layers, [1, s], "int64") * 1.5, 100_000)
    return {
        "kind": "design",
        "spec": f"Design a transformer encoder for {c}-way text classification over sequences of "
        f"{s} token ids from a {v}-token vocabulary: an embedding, two or more attention blocks "
        f"(width divisible by the head count), a norm and a linear head with {c} outputs. "
        f"At most {budget:,} parameters.",
        "start": _stub([1, s], "int64"),
        "requirements": {
            "mustContainTypes": ["embedding", "multiHeadAttention", "linear"],
            "minComponents": 6,
            "maxParams": budget,
            "outputFeatures": c,
            "minScore": 60,
        },
        "reference": _chain("input", layers),
    }


def _gqa(r: random.Random) -> Spec:
    v, s = r.choice([8000, 32000]), r.choice([128, 512])
    heads = r.choice([8, 16])
    hd = r.choice([32, 64])
    d, g = heads * hd, r.choice([1, 2, 4])
    c = r.choice([2, 8])
    kv = 2 * g * hd * 2  # K and V, bf16
    layers = [
        ("embed", "embedding", {"numEmbeddings": v, "embeddingDim": d}),
        ("attn", "groupedQueryAttention", {"embedDim": d, "numHeads": heads, "numKVHeads": g}),
        ("norm", "rmsNorm", {"normalizedShape": d}),
        ("head", "linear", {"inFeatures": d, "outFeatures": c}),
    ]
    budget = _round_up(_params(layers, [1, s], "int64") * 1.25, 10_000)
    return {
        "kind": "design",
        "spec": f"Design a {d}-wide encoder with grouped-query attention ({heads} query heads "
        f"sharing {g} key/value head(s); type groupedQueryAttention, params embedDim, numHeads, "
        f"numKVHeads), an RMS norm and a {c}-way linear head over {s} token ids ({v}-token "
        f"vocabulary). KV cache at most {kv:,} bytes per token in bf16; at most {budget:,} "
        "parameters (GQA's projections are counted exactly).",
        "start": _stub([1, s], "int64"),
        "requirements": {
            "mustContainTypes": ["embedding", "groupedQueryAttention", "linear"],
            "maxKvBytesPerToken": kv,
            "kvDtype": "bfloat16",
            "maxParams": budget,
            "outputFeatures": c,
            "minScore": 60,
        },
        "reference": _chain("input", layers),
    }


def _moe(r: random.Random) -> Spec:
    d = r.choice([128, 256, 512])
    e, k = r.choice([4, 8, 16]), r.choice([1, 2])
    hid = r.choice([2, 4]) * d
    heads, c = r.choice([4, 8]), r.choice([4, 10])
    layers = [
        ("attn", "multiHeadAttention", {"embedDim": d, "numHeads": heads}),
        ("norm1", "layerNorm", {"normalizedShape": d}),
        ("moe", "mixtureOfExperts", {"embedDim": d, "hiddenDim": hid, "numExperts": e, "topK": k}),
        ("norm2", "layerNorm", {"normalizedShape": d}),
        ("head", "linear", {"inFeatures": d, "outFeatures": c}),
    ]
    target = _params(layers, [1, 64, d])
    return {
        "kind": "design",
        "spec": f"Design a mixture-of-experts transformer block over a (1, 64, {d}) stream: "
        f"{heads}-head self-attention, layer norms, a mixture-of-experts feed-forward (type "
        f"mixtureOfExperts, params embedDim, hiddenDim, numExperts, topK) with {e} gated experts "
        f"of hidden size {hid} routed top-{k}, and a {d}->{c} linear head. Total parameters "
        f"within 10% of {target:,}.",
        "start": _stub([1, 64, d]),
        "requirements": {
            "mustContainTypes": ["mixtureOfExperts", "multiHeadAttention", "linear"],
            "paramsWithin": {"target": target, "tolerance": 0.10},
            "outputFeatures": c,
            "minScore": 60,
        },
        "reference": _chain("input", layers),
    }


def _kv(r: random.Random) -> Spec:
    heads = r.choice([8, 16])
    d = heads * 64
    latent, rope = 64 * r.randint(2, 6), r.choice([32, 64])
    c = r.choice([2, 16])
    budget = (latent + rope) * 2 * 5 // 4  # bf16, 25% slack: full attention caches 4 * d
    layers = [
        ("embed", "embedding", {"numEmbeddings": 32000, "embeddingDim": d}),
        (
            "mla",
            "mla",
            {"embedDim": d, "numHeads": heads, "kvLatentDim": latent, "ropeHeadDim": rope},
        ),
        ("norm", "rmsNorm", {"normalizedShape": d}),
        ("head", "linear", {"inFeatures": d, "outFeatures": c}),
    ]
    return {
        "kind": "design",
        "spec": f"Serve a 128k-token context: the KV cache must stay at or under {budget:,} bytes per "
        f"token in bf16. Design a {d}-wide encoder over token ids (32000-token vocabulary) with an "
        f"attention layer that fits (multi-head latent attention: type mla, params embedDim, "
        f"numHeads, kvLatentDim, ropeHeadDim; full {heads}-head attention would cache {4 * d:,} "
        f"bytes per token), a norm and a {d}->{c} linear head.",
        "start": _stub([1, 256], "int64"),
        "requirements": {
            "mustContainTypes": ["embedding", "multiHeadAttention", "linear"],
            "maxKvBytesPerToken": budget,
            "kvDtype": "bfloat16",
            "outputFeatures": c,
            "minScore": 60,
        },
        "reference": _chain("input", layers),
    }


def _ae(r: random.Random) -> Spec:
    d, b = r.choice([256, 784, 1024]), r.choice([8, 16, 32, 64])
    h = r.choice([128, 256])
    layers = [
        ("enc1", "linear", {"inFeatures": d, "outFeatures": h}),
        ("enc_act", "relu", {}),
        ("code", "linear", {"inFeatures": h, "outFeatures": b}),
        ("dec1", "linear", {"inFeatures": b, "outFeatures": h}),
        ("dec_act", "relu", {}),
        ("dec_out", "linear", {"inFeatures": h, "outFeatures": d}),
    ]
    budget = _round_up(_params(layers, [1, d]) * 2)
    return {
        "kind": "design",
        "spec": f"Design a dense autoencoder for {d}-dim inputs: an encoder down to a bottleneck of "
        f"at most {b} features and a decoder back to {d}. At most {budget:,} parameters.",
        "start": _stub([1, d]),
        "requirements": {
            "mustContainTypes": ["linear"],
            "minComponents": 6,
            "maxParams": budget,
            "bottleneckAtMost": b,
            "outputFeatures": d,
            "minScore": 60,
        },
        "reference": _chain("input", layers),
    }


def _tower(r: random.Random) -> Spec:
    v, e = r.choice([50000, 100000, 200000]), r.choice([32, 64, 128])
    d = r.choice([32, 64])
    layers = [
        ("ids", "embedding", {"numEmbeddings": v, "embeddingDim": d}),
        ("proj", "linear", {"inFeatures": d, "outFeatures": 2 * e}),
        ("act", "relu", {}),
        ("out", "linear", {"inFeatures": 2 * e, "outFeatures": e}),
        ("norm", "layerNorm", {"normalizedShape": e}),
    ]
    budget = _round_up(_params(layers, [1, 16], "int64") * 1.2, 100_000)
    return {
        "kind": "design",
        "spec": f"Design one tower of a two-tower retrieval model: embed sparse ids ({v:,}-id "
        f"vocabulary, 16 ids per query), a projection MLP with a nonlinearity, producing a "
        f"{e}-dim vector for an ANN index. At most {budget:,} parameters.",
        "start": _stub([1, 16], "int64"),
        "requirements": {
            "mustContainTypes": ["embedding", "linear", "relu"],
            "minComponents": 6,
            "maxParams": budget,
            "outputFeatures": e,
            "minScore": 60,
        },
        "reference": _chain("input", layers),
    }


# ---------------------------------------------------------------------- repair families
_FORBID = ["replace_model", "clear_canvas"]


def _fix_heads(r: random.Random) -> Spec:
    good = r.choice([4, 8, 12, 16])
    d = good * r.choice([16, 32, 64])
    bad = next(h for h in (7, 9, 11, 13, 5, 3) if d % h)
    layers = [
        ("embed", "embedding", {"numEmbeddings": 16000, "embeddingDim": d}),
        ("attn", "multiHeadAttention", {"embedDim": d, "numHeads": bad}),
        ("head", "linear", {"inFeatures": d, "outFeatures": 2}),
    ]
    return {
        "kind": "repair",
        "spec": f"This encoder's attention is broken: embedDim {d} is not divisible by numHeads "
        f"{bad}. Fix the head configuration in place (at most 2 actions; replace_model is refused).",
        "start": _graph([1, 128], layers, "int64"),
        "requirements": {
            "maxActions": 2,
            "forbidActionTypes": _FORBID,
            "minScore": 60,
            "keepParams": {"attn": {"embed_dim": d}},
        },
        "reference": [{"type": "update_params", "name": "attn", "params": {"numHeads": good}}],
    }


def _trim(r: random.Random) -> Spec:
    f, c = r.choice([64, 128, 256]), r.choice([2, 10])
    big, small = r.choice([2048, 4096]), r.choice([128, 256])
    layers = [
        ("fc1", "linear", {"inFeatures": f, "outFeatures": big}),
        ("act1", "relu", {}),
        ("fc2", "linear", {"inFeatures": big, "outFeatures": c}),
    ]
    after = [
        ("fc1", "linear", {"inFeatures": f, "outFeatures": small}),
        ("act1", "relu", {}),
        ("fc2", "linear", {"inFeatures": small, "outFeatures": c}),
    ]
    budget = _round_up(_params(after, [1, f]) * 1.5)
    return {
        "kind": "repair",
        "spec": f"This MLP ({f} features -> {c} classes) is over its parameter budget. Trim it in "
        f"place to at most {budget:,} parameters, keeping its input and its {c} outputs (at most "
        "4 actions; replace_model is refused).",
        "start": _graph([1, f], layers),
        "requirements": {
            "maxParams": budget,
            "maxActions": 4,
            "forbidActionTypes": _FORBID,
            "outputFeatures": c,
            "mustContainTypes": ["linear"],
            "minScore": 60,
        },
        "reference": [
            {"type": "update_params", "name": "fc1", "params": {"outFeatures": small}},
            {"type": "update_params", "name": "fc2", "params": {"inFeatures": small}},
        ],
    }


def _grow(r: random.Random) -> Spec:
    f, c = r.choice([32, 64]), r.choice([2, 10])
    small, big = r.choice([16, 32]), r.choice([512, 1024])
    layers = [
        ("fc1", "linear", {"inFeatures": f, "outFeatures": small}),
        ("act1", "relu", {}),
        ("fc2", "linear", {"inFeatures": small, "outFeatures": c}),
    ]
    after = [
        ("fc1", "linear", {"inFeatures": f, "outFeatures": big}),
        ("act1", "relu", {}),
        ("fc2", "linear", {"inFeatures": big, "outFeatures": c}),
    ]
    p = _params(after, [1, f])
    lo, hi = int(p * 0.8), int(p * 1.25)
    return {
        "kind": "repair",
        "spec": f"This MLP ({f} -> {c}) is too small. Grow it in place into the band "
        f"{lo:,}..{hi:,} parameters, keeping its input and its {c} outputs (at most 4 actions; "
        "replace_model is refused).",
        "start": _graph([1, f], layers),
        "requirements": {
            "minParams": lo,
            "maxParams": hi,
            "maxActions": 4,
            "forbidActionTypes": _FORBID,
            "outputFeatures": c,
            "minScore": 60,
        },
        "reference": [
            {"type": "update_params", "name": "fc1", "params": {"outFeatures": big}},
            {"type": "update_params", "name": "fc2", "params": {"inFeatures": big}},
        ],
    }


def _norm(r: random.Random) -> Spec:
    f, h, c = r.choice([32, 64]), r.choice([128, 256]), r.choice([2, 10])
    layers = [
        ("fc1", "linear", {"inFeatures": f, "outFeatures": h}),
        ("act1", "relu", {}),
        ("fc2", "linear", {"inFeatures": h, "outFeatures": h}),
        ("act2", "relu", {}),
        ("fc3", "linear", {"inFeatures": h, "outFeatures": c}),
    ]
    kind = r.choice(["layerNorm", "batchNorm1d"])
    p = {"normalizedShape": h} if kind == "layerNorm" else {"numFeatures": h}
    return {
        "kind": "repair",
        "spec": "This MLP trains unstably. Add normalization (layer norm or batch norm) between its "
        "linear layers without breaking shapes (at most 3 actions; replace_model is refused).",
        "start": _graph([1, f], layers),
        "requirements": {
            "mustContainTypesAny": ["layerNorm", "batchNorm1d", "rmsNorm"],
            "maxActions": 3,
            "forbidActionTypes": _FORBID,
            "outputFeatures": c,
            "minScore": 60,
        },
        "reference": _chain("fc1", [("norm1", kind, p)]),
    }


def _retrofit(r: random.Random) -> Spec:
    heads = r.choice([8, 16, 32])
    hd = 64
    d = heads * hd
    g = r.choice([1, 2, 4])
    budget = 2 * g * hd * 2
    layers = [
        ("embed", "embedding", {"numEmbeddings": 32000, "embeddingDim": d}),
        ("attn", "groupedQueryAttention", {"embedDim": d, "numHeads": heads, "numKVHeads": heads}),
        ("norm", "rmsNorm", {"normalizedShape": d}),
        ("head", "linear", {"inFeatures": d, "outFeatures": 2}),
    ]
    return {
        "kind": "repair",
        "spec": f"This encoder's attention caches {4 * d:,} bytes per token (bf16, {heads} KV "
        f"heads). Retrofit grouped-query attention in place so the cache is at most {budget:,} "
        "bytes per token, keeping the width and the query heads (at most 3 actions; "
        "replace_model is refused).",
        "start": _graph([1, 256], layers, "int64"),
        "requirements": {
            "maxKvBytesPerToken": budget,
            "kvDtype": "bfloat16",
            "maxActions": 3,
            "forbidActionTypes": _FORBID,
            "keepParams": {"attn": {"hidden_size": d, "num_heads": heads}},
            "minScore": 60,
        },
        "reference": [{"type": "update_params", "name": "attn", "params": {"numKVHeads": g}}],
    }


def _flatten(r: random.Random) -> Spec:
    ch, hw, w, c = r.choice([1, 3]), r.choice([16, 32]), r.choice([16, 32, 64]), r.choice([10, 5])
    layers = [
        ("conv1", "conv2d", {"inChannels": ch, "outChannels": w, "kernelSize": 3, "padding": 1}),
        ("act1", "relu", {}),
        ("head", "linear", {"inFeatures": w, "outFeatures": c}),
    ]
    return {
        "kind": "repair",
        "spec": f"This CNN ({ch}x{hw}x{hw} -> {c} classes) wires its conv feature map straight into "
        f"a linear layer. Repair it in place so the classifier gets a vector and outputs (1, {c}) "
        "(at most 3 actions; replace_model is refused).",
        "start": _graph([1, ch, hw, hw], layers),
        "requirements": {
            "maxActions": 3,
            "forbidActionTypes": _FORBID,
            "mustContainTypes": ["conv2d", "linear"],
            "outputShape": [1, c],
            "minScore": 60,
        },
        "reference": _chain(
            "act1", [("gap", "adaptiveAvgPool2d", {"outputSize": 1}), ("flat", "flatten", {})]
        ),
    }


# ---------------------------------------------------------------------- real architectures
def _qwen_kv(r: random.Random) -> Spec:
    heads = r.choice([8, 16])
    hd = r.choice([64, 128])
    d = heads * hd
    cfg = {
        "model_type": "qwen2",
        "hidden_size": d,
        "intermediate_size": d * r.choice([3, 4]),
        "num_hidden_layers": r.choice([2, 4, 6]),
        "num_attention_heads": heads,
        "num_key_value_heads": heads,
        "vocab_size": r.choice([32000, 151936]),
        "max_position_embeddings": 32768,
    }
    from driftcheck.graph.cost import estimate
    from driftcheck_gym.hf import config_graph

    c = estimate(config_graph(cfg), dtype="bfloat16")
    kv = c.kv_bytes_per_token
    return {
        "kind": "repair",
        "spec": f"Cut this Qwen2 model's KV cache per token 4x (from {kv:,.0f} to at most "
        f"{kv / 4:,.0f} bytes in bf16) keeping its parameter count within 10% of {c.params:,}, "
        "its width and its depth. Edit its config with update_config.",
        "start": {"config": cfg},
        "requirements": {
            "maxKvBytesPerToken": int(kv // 4),
            "kvDtype": "bfloat16",
            "paramsWithin": {"target": c.params, "tolerance": 0.10},
            "keepConfig": ["hidden_size", "num_hidden_layers", "num_attention_heads"],
            "forbidActionTypes": _FORBID,
            "minScore": 60,
        },
        "reference": [{"type": "update_config", "params": {"num_key_value_heads": heads // 4}}],
    }


def _llama_fit(r: random.Random) -> Spec:
    layers = r.choice([40, 44, 48])
    cfg = {
        "model_type": "llama",
        "hidden_size": 4096,
        "intermediate_size": 14336,
        "num_hidden_layers": layers,
        "num_attention_heads": 32,
        "num_key_value_heads": 32,
        "vocab_size": 32000,
        "max_position_embeddings": 8192,
    }
    from driftcheck.graph.cost import estimate
    from driftcheck_gym.hf import config_graph

    c = estimate(config_graph(cfg), dtype="bfloat16", context_length=8192)
    gpu = r.choice(["L4", "A10G"])
    return {
        "kind": "repair",
        "spec": f"Make this Llama ({c.params / 1e9:.1f}B parameters, {layers} layers) fit a 24 GB "
        f"{gpu} at 8k context in bf16 (weights plus KV cache; it needs "
        f"{c.fit(gpu, 8192).need_gb:.1f} GB now), keeping its parameter count within 15% and its "
        "depth. Edit its config with update_config.",
        "start": {"config": cfg},
        "requirements": {
            "fitsGpu": {"gpu": gpu, "contextLength": 8192, "dtype": "bfloat16"},
            "paramsWithin": {"target": c.params, "tolerance": 0.15},
            "keepConfig": ["num_hidden_layers", "hidden_size"],
            "forbidActionTypes": _FORBID,
            "minScore": 60,
        },
        "reference": [{"type": "update_config", "params": {"num_key_value_heads": 8}}],
    }


def _hf_repair(r: random.Random) -> Spec:
    mt = r.choice(["qwen2", "llama", "mistral"])
    heads = r.choice([8, 16])
    kv = r.choice([2, 4])
    cfg = {
        "model_type": mt,
        "hidden_size": heads * 64,
        "intermediate_size": heads * 64 * 3,
        "num_hidden_layers": r.choice([2, 4]),
        "num_attention_heads": heads,
        "num_key_value_heads": kv,
        "vocab_size": 32000,
        "rms_norm_eps": 1e-6,
    }
    drift = r.choice(["kv", "eps"])
    bad = dict(cfg)
    if drift == "kv":
        bad["num_key_value_heads"] = kv + 1 if heads % (kv + 1) else kv + 3
        fix = {"num_key_value_heads": kv}
    else:
        bad["rms_norm_eps"] = r.choice([0.1, 0.5])
        fix = {"rms_norm_eps": 1e-6}
    return {
        "kind": "repair",
        "spec": f"This {mt} config drifted from the model it describes: the verifier refuses or "
        "warns about it. Repair the drifted field with update_config, keeping the model's "
        "width, depth and query heads.",
        "start": {"config": bad},
        "requirements": {
            "keepConfig": ["hidden_size", "num_hidden_layers", "num_attention_heads"],
            "forbidActionTypes": _FORBID,
            "maxActions": 2,
            "minScore": 95,
        },
        "reference": [{"type": "update_config", "params": fix}],
    }


FAMILIES: dict[str, Callable[[random.Random], Spec]] = {
    "gen-mlp": _mlp,
    "gen-cnn": _cnn,
    "gen-txf": _txf,
    "gen-gqa": _gqa,
    "gen-moe": _moe,
    "gen-kv": _kv,
    "gen-ae": _ae,
    "gen-tower": _tower,
    "gen-fix": _fix_heads,
    "gen-trim": _trim,
    "gen-grow": _grow,
    "gen-norm": _norm,
    "gen-retrofit": _retrofit,
    "gen-flatten": _flatten,
    "hf-kv-cut": _qwen_kv,
    "hf-fit": _llama_fit,
    "hf-repair": _hf_repair,
}
HELDOUT_FAMILIES = ("gen-flatten", "gen-tower", "hf-repair")
SPLITS: dict[str, tuple[str, ...]] = {
    "train": tuple(f for f in FAMILIES if f not in HELDOUT_FAMILIES),
    "test": tuple(f for f in FAMILIES if f not in HELDOUT_FAMILIES),
    "heldout": HELDOUT_FAMILIES,
}


def make_task(family: str, split: str, seed: int, index: int) -> Task:
    if family not in FAMILIES:
        raise KeyError(f"unknown family {family!r} (known: {', '.join(FAMILIES)})")
    r = random.Random(f"driftcheck-gym/{GENERATOR_VERSION}/{family}/{split}/{seed}/{index}")
    s = FAMILIES[family](r)
    return Task(
        id=f"{family}@{split}:{seed}:{index}",
        family=family,
        kind=s["kind"],
        spec=s["spec"],
        start=s["start"],
        requirements=s["requirements"],
        reference_plan=s["reference"],
        split=split,
    )


def task_from_id(task_id: str) -> Task:
    try:
        family, rest = task_id.split("@", 1)
        split, seed, index = rest.split(":")
        return make_task(family, split, int(seed), int(index))
    except (ValueError, KeyError):
        raise KeyError(f"no task {task_id!r}") from None


def split_families(
    split: str, families: list[str] | tuple[str, ...] | None = None
) -> tuple[str, ...]:
    if families:
        bad = [f for f in families if f not in FAMILIES]
        if bad:
            raise KeyError(f"unknown family {bad[0]!r} (known: {', '.join(FAMILIES)})")
        if split in SPLITS:  # a held-out family never leaks into train or test (nor the reverse)
            bad = [f for f in families if f not in SPLITS[split]]
            if bad:
                raise KeyError(f"family {bad[0]!r} is not in split {split!r}")
        return tuple(families)
    if split not in SPLITS:
        raise KeyError(f"unknown split {split!r} (known: {', '.join(SPLITS)}, curated)")
    return SPLITS[split]


def generate_tasks(
    split: str, seed: int, count: int, families: list[str] | tuple[str, ...] | None = None
) -> list[Task]:
    """``count`` tasks of ``split`` for ``seed``, families interleaved evenly in a seeded order.
    ``split="curated"`` gives the 12 curated tasks (``seed`` and ``count`` ignored)."""
    if split == "curated":
        from driftcheck_gym.tasks import curated_tasks

        return list(curated_tasks())
    fams = list(split_families(split, families))
    random.Random(f"driftcheck-gym/{GENERATOR_VERSION}/order/{split}/{seed}").shuffle(fams)
    return [make_task(fams[i % len(fams)], split, seed, i) for i in range(count)]


def digest(tasks: list[Task]) -> str:
    h = hashlib.sha256()
    for t in tasks:
        h.update(
            json.dumps(t.to_dict(reference=True), sort_keys=True, separators=(",", ":")).encode()
        )
        h.update(b"\n")
    return "sha256:" + h.hexdigest()


def manifest(
    split: str, seed: int, count: int, families: list[str] | None = None
) -> dict[str, Any]:
    """The split's manifest: confirms a split without revealing its tasks."""
    tasks = generate_tasks(split, seed, count, families)
    return {
        "splitId": split,
        "generatorVersion": GENERATOR_VERSION,
        "count": len(tasks),
        "digest": digest(tasks),
        "families": dict(sorted(Counter(t.family for t in tasks).items())),
        "heldoutFamilies": list(HELDOUT_FAMILIES),
    }
