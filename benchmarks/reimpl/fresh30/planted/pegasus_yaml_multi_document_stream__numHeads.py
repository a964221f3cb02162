"""Pegasus, ported into our own repo. Every experiment is one document of a multi-document YAML
stream (``---`` between them, pegasus-large first); ``yaml.safe_load_all`` reads them and the
run takes the one whose ``name`` matches. An encoder-decoder written from the nested dict
(``CFG["encoder"]``, ``CFG["decoder"]``), pre-norm layers with a final norm on each side,
embeddings scaled by sqrt(d_model), and fixed sinusoid positions (sin in the first half, cos in
the second) held as frozen Parameters, as the original checkpoint stores them. Returns the
decoder states."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
import yaml

EXPERIMENTS = """\
name: pegasus-large
vocab: 96103
d_model: 1024
max_positions: 1024
encoder: {layers: 16, heads: 16, ffn: 4096}
decoder: {layers: 16, heads: 16, ffn: 4096}
---
name: pegasus-tiny
vocab: 1000
d_model: 64
max_positions: 128
encoder: {layers: 2, heads: 4, ffn: 128}
decoder: {layers: 2, heads: 8, ffn: 128}
"""

CFG = next(doc for doc in yaml.safe_load_all(EXPERIMENTS) if doc["name"] == "pegasus-tiny")


def sinusoids(n_pos, dim):
    pos = torch.arange(n_pos).float()[:, None]
    inv = torch.pow(10000.0, -2 * torch.arange(dim // 2).float() / dim)
    return torch.cat([torch.sin(pos * inv), torch.cos(pos * inv)], dim=1)


class MHA(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.q_proj, self.k_proj = nn.Linear(d, d), nn.Linear(d, d)
        self.v_proj, self.out_proj = nn.Linear(d, d), nn.Linear(d, d)

    def forward(self, x, mem=None, causal=False):
        mem = x if mem is None else mem
        b, t, d = x.shape
        split = lambda z: z.view(b, -1, self.heads, d // self.heads).transpose(1, 2)  # noqa: E731
        q, k, v = split(self.q_proj(x)), split(self.k_proj(mem)), split(self.v_proj(mem))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class Layer(nn.Module):
    def __init__(self, d, spec, cross):
        super().__init__()
        self.self_attn_layer_norm = nn.LayerNorm(d)
        self.self_attn = MHA(d, spec["heads"])
        if cross:
            self.encoder_attn_layer_norm = nn.LayerNorm(d)
            self.encoder_attn = MHA(d, spec["heads"])
        self.final_layer_norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, spec["ffn"])
        self.fc2 = nn.Linear(spec["ffn"], d)

    def forward(self, x, mem=None):
        x = x + self.self_attn(self.self_attn_layer_norm(x), causal=mem is not None)
        if mem is not None:
            x = x + self.encoder_attn(self.encoder_attn_layer_norm(x), mem)
        return x + self.fc2(F.gelu(self.fc1(self.final_layer_norm(x))))


class Stack(nn.Module):
    def __init__(self, side):
        super().__init__()
        d = CFG["d_model"]
        self.embed_positions = nn.Parameter(sinusoids(CFG["max_positions"], d), requires_grad=False)
        spec = CFG[side]
        self.layers = nn.ModuleList(
            Layer(d, spec, cross=side == "decoder") for _ in range(spec["layers"])
        )
        self.layer_norm = nn.LayerNorm(d)

    def forward(self, x, mem=None):
        x = x + self.embed_positions[: x.shape[1]]
        for layer in self.layers:
            x = layer(x, mem)
        return self.layer_norm(x)


class Pegasus(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(CFG["vocab"], CFG["d_model"])
        self.encoder = Stack("encoder")
        self.decoder = Stack("decoder")

    def forward(self, input_ids, decoder_input_ids):
        scale = math.sqrt(CFG["d_model"])
        mem = self.encoder(self.shared(input_ids) * scale)
        return self.decoder(self.shared(decoder_input_ids) * scale, mem)
