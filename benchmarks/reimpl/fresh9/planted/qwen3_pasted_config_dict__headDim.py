"""Qwen3 (tiny) driven by a dict pasted from a ``config.json`` (the original key names), read
with ``.get`` and fallbacks the way ports of HF checkpoints do: a missing ``head_dim`` would
be width // heads, missing KV heads would mean one KV head per query head."""

import torch.nn.functional as F
from torch import nn

config = {
    "vocab_size": 640,
    "hidden_size": 64,
    "intermediate_size": 192,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "head_dim": 16,
    "rms_norm_eps": 1e-6,
    "tie_word_embeddings": False,
}


class Qwen3Attention(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        d = cfg["hidden_size"]
        self.nh = cfg["num_attention_heads"]
        self.nkv = cfg.get("num_key_value_heads", self.nh)
        self.hd = cfg.get("head_dim", d // self.nh)
        eps = cfg.get("rms_norm_eps", 1e-6)
        self.q_proj = nn.Linear(d, self.nh * self.hd, bias=False)
        self.k_proj = nn.Linear(d, self.nkv * self.hd, bias=False)
        self.v_proj = nn.Linear(d, self.nkv * self.hd, bias=False)
        self.o_proj = nn.Linear(self.nh * self.hd, d, bias=False)
        self.q_norm = nn.RMSNorm(self.hd, eps=eps)
        self.k_norm = nn.RMSNorm(self.hd, eps=eps)

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.q_proj(x).view(b, t, self.nh, self.hd)).transpose(1, 2)
        k = self.k_norm(self.k_proj(x).view(b, t, self.nkv, self.hd)).transpose(1, 2)
        v = self.v_proj(x).view(b, t, self.nkv, self.hd).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, -1))


class Qwen3MLP(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        d, f = cfg["hidden_size"], cfg["intermediate_size"]
        self.gate_proj = nn.Linear(d, f, bias=False)
        self.up_proj = nn.Linear(d, f, bias=False)
        self.down_proj = nn.Linear(f, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Qwen3Layer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        eps = cfg.get("rms_norm_eps", 1e-6)
        self.input_layernorm = nn.RMSNorm(cfg["hidden_size"], eps=eps)
        self.self_attn = Qwen3Attention(cfg)
        self.post_attention_layernorm = nn.RMSNorm(cfg["hidden_size"], eps=eps)
        self.mlp = Qwen3MLP(cfg)

    def forward(self, x):
        x = x + self.self_attn(self.input_layernorm(x))
        return x + self.mlp(self.post_attention_layernorm(x))


class Qwen3ForCausalLM(nn.Module):
    def __init__(self, cfg=config):
        super().__init__()
        d, v = cfg["hidden_size"], cfg["vocab_size"]
        self.embed_tokens = nn.Embedding(v, d)
        self.layers = nn.ModuleList(Qwen3Layer(cfg) for _ in range(cfg["num_hidden_layers"]))
        self.norm = nn.RMSNorm(d, eps=cfg.get("rms_norm_eps", 1e-6))
        self.tied = cfg.get("tie_word_embeddings", True)
        if not self.tied:
            self.lm_head = nn.Linear(d, v, bias=False)

    def forward(self, ids):
        x = self.embed_tokens(ids)
        for layer in self.layers:
            x = layer(x)
        x = self.norm(x)
        return F.linear(x, self.embed_tokens.weight) if self.tied else self.lm_head(x)
