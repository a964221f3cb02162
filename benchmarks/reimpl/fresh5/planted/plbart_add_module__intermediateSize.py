"""PLBART (code-to-text BART), the layers registered one by one with ``add_module`` under
f-string names and found again by prefix. Post-norm blocks, learned positions offset by 2, a
LayerNorm on the embeddings of each side, embeddings scaled by sqrt(d), GELU FFNs."""

import math

import torch
import torch.nn.functional as F
from torch import nn

CONF = {
    "vocab_size": 720,
    "d_model": 64,
    "encoder_layers": 2,
    "decoder_layers": 2,
    "heads": 4,
    "ffn_dim": 256,
    "max_positions": 128,
    "pad_token_id": 1,
}
OFFSET = 2


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        d = CONF["d_model"]
        self.q_proj = nn.Linear(d, d)
        self.k_proj = nn.Linear(d, d)
        self.v_proj = nn.Linear(d, d)
        self.out_proj = nn.Linear(d, d)

    def forward(self, x, kv, causal=False):
        b, n, d = x.shape
        h = CONF["heads"]
        q = self.q_proj(x).view(b, n, h, -1).transpose(1, 2)
        k = self.k_proj(kv).view(b, kv.shape[1], h, -1).transpose(1, 2)
        v = self.v_proj(kv).view(b, kv.shape[1], h, -1).transpose(1, 2)
        s = q @ k.transpose(-1, -2) / math.sqrt(d // h)
        if causal:
            s = s + torch.full((n, n), float("-inf")).triu(1)
        return self.out_proj((s.softmax(-1) @ v).transpose(1, 2).reshape(b, n, d))


class Layer(nn.Module):
    def __init__(self, cross):
        super().__init__()
        d = CONF["d_model"]
        self.self_attn = Attention()
        self.self_attn_layer_norm = nn.LayerNorm(d)
        if cross:
            self.encoder_attn = Attention()
            self.encoder_attn_layer_norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, CONF["ffn_dim"])
        self.fc2 = nn.Linear(CONF["ffn_dim"], d)
        self.final_layer_norm = nn.LayerNorm(d)

    def forward(self, x, mem=None):
        x = self.self_attn_layer_norm(x + self.self_attn(x, x, causal=mem is not None))
        if mem is not None:
            x = self.encoder_attn_layer_norm(x + self.encoder_attn(x, mem))
        return self.final_layer_norm(x + self.fc2(F.gelu(self.fc1(x))))


class PLBart(nn.Module):
    def __init__(self):
        super().__init__()
        d = CONF["d_model"]
        self.shared = nn.Embedding(CONF["vocab_size"], d, padding_idx=CONF["pad_token_id"])
        for side in ("encoder", "decoder"):
            self.add_module(f"{side}_positions", nn.Embedding(CONF["max_positions"] + OFFSET, d))
            self.add_module(f"{side}_layernorm_embedding", nn.LayerNorm(d))
            for i in range(CONF[f"{side}_layers"]):
                self.add_module(f"{side}_layer_{i}", Layer(cross=side == "decoder"))

    def stack(self, side):
        return [m for name, m in self.named_children() if name.startswith(f"{side}_layer_")]

    def embed(self, side, ids):
        pos = torch.arange(ids.shape[1]) + OFFSET
        x = self.shared(ids) * math.sqrt(CONF["d_model"])
        x = x + getattr(self, f"{side}_positions")(pos)
        return getattr(self, f"{side}_layernorm_embedding")(x)

    def forward(self, src, tgt):
        mem = self.embed("encoder", src)
        for layer in self.stack("encoder"):
            mem = layer(mem)
        x = self.embed("decoder", tgt)
        for layer in self.stack("decoder"):
            x = layer(x, mem)
        return x
