"""Drift between re-implementations and their configs (session 22, drift22; issue #17: fresh17's
dev part and misses left on earlier sets' dev parts).

Each test proves its rule in torch first (the code has the parameter count, or the outputs,
transformers' own model has for the same config), then statically: the clean pair gives no
finding of minor or above and one planted value gives one finding holding both values.
"""

from __future__ import annotations

import re

import pytest

from tests.drift_support import config, count, one, run, torch_pair, write

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

NEOX = dict(
    architectures=["GPTNeoXForCausalLM"],
    vocab_size=96,
    hidden_size=64,
    num_hidden_layers=2,
    num_attention_heads=4,
    intermediate_size=256,
    rotary_pct=0.25,
    max_position_embeddings=64,
    tie_word_embeddings=False,
)

_NEOX = """
import torch
import torch.nn.functional as F
from torch import nn

VOCAB, D, HEADS, LAYERS, FFN, ROT = 96, 64, {heads}, 2, 256, 0.25
HD = D // HEADS


def rope(x, n):
    t = torch.arange(x.shape[-2]).float()
    inv = 1.0 / 10000 ** (torch.arange(0, n, 2).float() / n)
    a = torch.outer(t, inv)
    a = torch.cat([a, a], -1)
    r, p = x[..., :n], x[..., n:]
    r1, r2 = r[..., : n // 2], r[..., n // 2 :]
    return torch.cat([r * a.cos() + torch.cat([-r2, r1], -1) * a.sin(), p], -1)


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.LayerNorm(D)
        self.post_attention_layernorm = nn.LayerNorm(D)
        self.query_key_value = nn.Linear(D, 3 * D)
        self.dense = nn.Linear(D, D)
        self.dense_h_to_4h = nn.Linear(D, FFN)
        self.dense_4h_to_h = nn.Linear(FFN, D)

    def forward(self, x):
        b, t, _ = x.shape
        qkv = self.query_key_value(self.input_layernorm(x)).view(b, t, HEADS, 3 * HD)
        {cut}
        n = int(HD * ROT)
        y = F.scaled_dot_product_attention(rope(q, n), rope(k, n), v, is_causal=True)
        a = self.dense(y.transpose(1, 2).reshape(b, t, D))
        m = self.dense_4h_to_h(F.gelu(self.dense_h_to_4h(self.post_attention_layernorm(x))))
        return x + a + m


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_in = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.final_layer_norm = nn.LayerNorm(D)
        self.embed_out = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_in(ids)
        for layer in self.layers:
            x = layer(x)
        return self.embed_out(self.final_layer_norm(x))
"""

# the per-head fused q|k|v cut into equal pieces by ``split`` (transformers' MiniMax lightning
# attention writes ``torch.split(qkv, head_dim, dim=3)``) after or before the head transpose,
# or by slices
CUTS = {
    "split_size": "q, k, v = qkv.transpose(1, 2).split(HD, -1)",
    "split_sections": "q, k, v = (z.transpose(1, 2) for z in torch.split(qkv, [HD, HD, HD], dim=3))",
    # transformers' GPT-NeoX's own cut: slices of the permuted per-head axis
    "slices": "qkv = qkv.permute(0, 2, 1, 3)\n"
    "        q, k, v = qkv[..., :HD], qkv[..., HD : 2 * HD], qkv[..., 2 * HD :]",
}


def _hf_weights(hf_state: dict) -> dict:
    """transformers' GPT-NeoX names -> the re-implementation's."""
    out = {}
    for k, v in hf_state.items():
        k = k.removeprefix("gpt_neox.")
        k = re.sub(r"\.(attention|mlp)\.", ".", k).replace("lm_head.", "embed_out.")
        out[k] = v
    return out


@pytest.mark.parametrize("cut", sorted(CUTS))
def test_per_head_fused_qkv_cut_into_equal_pieces(tmp_path, cut):
    """A fused q|k|v viewed per head as ``[heads, 3 x head_dim]`` and cut by ``split`` into
    three equal pieces has ``heads`` heads of ``head_dim``, as ``chunk(3, -1)`` would say (the
    matcher read the 3 x head_dim axis as the head width: a clean 'headDim 48 vs 16' and a
    second finding beside a changed head count). Torch: transformers' GPT-NeoX weights give
    the same logits (its layout is this per-head one)."""
    cfg, path = config(tmp_path, "cfg", "GPTNeoXConfig", **NEOX)
    clean = write(tmp_path, "clean.py", _NEOX.format(heads=4, cut=CUTS[cut]))
    mine, hf = torch_pair(clean, cfg)
    assert count(mine) == count(hf)
    import runpy

    torch.manual_seed(0)
    hf = transformers.AutoModelForCausalLM.from_config(cfg).eval()
    mine = runpy.run_path(str(clean), run_name="__drift_support__")["M"]().eval()
    mine.load_state_dict(_hf_weights(hf.state_dict()))
    ids = torch.randint(0, 96, (1, 12))
    with torch.no_grad():
        assert (mine(ids) - hf(input_ids=ids).logits).abs().max() < 1e-4
    assert run(clean, path) == []
    planted = write(tmp_path, "planted.py", _NEOX.format(heads=8, cut=CUTS[cut]))
    one(run(planted, path), 8, 4)


_JSON_TOP = """
import json
import types

import torch
import torch.nn.functional as F
from torch import nn

RAW = '''
{{"model": {{"vocab": 96, "width": 64, "layers": {layers},
            "attention": {{"heads": 4, "kv": 2}}, "ffn": 128}}}}
'''
"""

# two hooks: a lambda building a SimpleNamespace, a named function building a dict subclass
# with attribute access; the nested section is flattened by the caller either way
JSON_HOOKS = {
    "namespace_lambda": _JSON_TOP
    + """
_m = json.loads(RAW, object_hook=lambda d: types.SimpleNamespace(**d)).model
CFG = types.SimpleNamespace(
    vocab=_m.vocab, width=_m.width, layers=_m.layers, heads=_m.attention.heads,
    kv=_m.attention.kv, ffn=_m.ffn,
)
""",
    "attrdict_function": _JSON_TOP
    + """

class AttrDict(dict):
    __getattr__ = dict.__getitem__


def hook(d):
    return AttrDict(d)


_m = json.loads(RAW, object_hook=hook)["model"]
CFG = AttrDict(
    vocab=_m.vocab, width=_m.width, layers=_m.layers, heads=_m.attention["heads"],
    kv=_m.attention.kv, ffn=_m["ffn"],
)
""",
}


@pytest.mark.parametrize("style", sorted(JSON_HOOKS))
def test_json_loads_object_hook(tmp_path, style):
    """Sizes read from a JSON text by ``json.loads(..., object_hook=...)``: the hook is called
    on every object, innermost first, and its result stands in the object's place (fresh17's
    MiniMax-M3-VL text tower: six plants without a finding while the hook was unmodelled)."""
    from tests.test_drift21 import _BLOCK, MISTRAL

    cfg, path = config(tmp_path, "cfg", "MistralConfig", **MISTRAL)
    clean = write(tmp_path, "clean.py", JSON_HOOKS[style].format(layers=2) + _BLOCK)
    mine, hf = torch_pair(clean, cfg)
    assert count(mine) == count(hf)
    assert run(clean, path) == []
    planted = write(tmp_path, "planted.py", JSON_HOOKS[style].format(layers=3) + _BLOCK)
    mine, _ = torch_pair(planted, cfg)
    assert len(mine.layers) == 3
    one(run(planted, path), 3, 2)


MLA_CODE = """import torch
import torch.nn.functional as F
from torch import nn

VOCAB, D, LAYERS, H, QR, KVR, NOPE, ROPE, V, FFN = 96, 64, 2, 4, {q}, 32, 16, 8, 16, 128


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_a_proj = nn.Linear(D, QR, bias=False)
        self.q_a_layernorm = nn.RMSNorm(QR, eps=1e-6)
        self.q_b_proj = nn.Linear(QR, H * (NOPE + ROPE), bias=False)
        self.kv_a_proj_with_mqa = nn.Linear(D, KVR + ROPE, bias=False)
        self.kv_a_layernorm = nn.RMSNorm(KVR, eps=1e-6)
        self.kv_b_proj = nn.Linear(KVR, H * (NOPE + V), bias=False)
        self.o_proj = nn.Linear(H * V, D, bias=False)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_b_proj(self.q_a_layernorm(self.q_a_proj(x))).view(b, t, H, NOPE + ROPE)
        kv, k_rot = self.kv_a_proj_with_mqa(x).split([KVR, ROPE], -1)
        kv = self.kv_b_proj(self.kv_a_layernorm(kv)).view(b, t, H, NOPE + V)
        k_nope, v = kv.split([NOPE, V], -1)
        k = torch.cat([k_nope, k_rot[:, :, None].expand(b, t, H, ROPE)], -1)
        y = F.scaled_dot_product_attention(
            q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True
        )
        return self.o_proj(y.transpose(1, 2).reshape(b, t, H * V))


class Layer(nn.Module):
    def __init__(self):
        super().__init__()
        self.input_layernorm = nn.RMSNorm(D, eps=1e-6)
        self.self_attn = Attention()
        self.post_attention_layernorm = nn.RMSNorm(D, eps=1e-6)
        self.gate_proj = nn.Linear(D, FFN, bias=False)
        self.up_proj = nn.Linear(D, FFN, bias=False)
        self.down_proj = nn.Linear(FFN, D, bias=False)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, D)
        self.layers = nn.ModuleList(Layer() for _ in range(LAYERS))
        self.norm = nn.RMSNorm(D, eps=1e-6)
        self.lm_head = nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        return self.lm_head(self.norm(x))
"""


@pytest.mark.parametrize("cls", ["YoutuConfig", "MiniCPM3Config"])
def test_query_latent_as_wide_as_the_key_value_latent(tmp_path, cls):
    """Latent attention whose query rank equals its key/value rank (32 and 32, as fresh17's
    AXK1 and GLM-4-MoE-Lite configs): the query latent's norm is read (only the key/value
    latent's own norm is left out, by identity). Before, a same-width query norm was skipped:
    no ``qLoraRank`` was read, a changed query rank gave three layer findings, and the value
    head width was solved over the MLP's projections (AXK1: ``vHeadDim 4 vs 16`` beside a
    changed MLP width)."""
    kw = dict(
        architectures=[cls.replace("Config", "ForCausalLM")],
        vocab_size=96,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=4,
        q_lora_rank=32,
        kv_lora_rank=32,
        qk_nope_head_dim=16,
        qk_rope_head_dim=8,
        v_head_dim=16,
        rms_norm_eps=1e-6,
        tie_word_embeddings=False,
    )
    cfg, path = config(tmp_path, "cfg", cls, **kw)
    clean = write(tmp_path, "clean.py", MLA_CODE.format(q=32))
    mine, hf = torch_pair(clean, cfg)
    assert count(mine) == count(hf)
    assert run(clean, path) == []
    _, wide = config(tmp_path, "wide", cls, **{**kw, "q_lora_rank": 48})
    one(run(clean, wide), 32, 48)
