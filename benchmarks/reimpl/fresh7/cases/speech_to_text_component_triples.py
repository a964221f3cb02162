"""Speech2Text (S2T, fairseq's speech transformer): a two-layer strided Conv1d subsampler with
GLU over filterbank frames, sinusoidal positions (no weights), pre-norm encoder and decoder
with a LayerNorm after each stack, scaled token embeddings. Sizes come as (component, key,
value) triples, as read from a flat hyperparameter sheet, folded into a
``collections.defaultdict(dict)`` per component."""

import math
from collections import defaultdict

import torch
import torch.nn.functional as F
from torch import nn

TRIPLES = [
    ("frontend", "n_mels", 40),
    ("frontend", "conv_channels", 96),
    ("frontend", "kernel_sizes", (5, 5)),
    ("model", "d_model", 64),
    ("model", "vocab", 576),
    ("encoder", "layers", 2),
    ("encoder", "heads", 4),
    ("encoder", "ffn", 128),
    ("decoder", "layers", 2),
    ("decoder", "heads", 4),
    ("decoder", "ffn", 128),
]
HP = defaultdict(dict)
for component, key, value in TRIPLES:
    HP[component][key] = value


def sinusoids(n, d, offset=2):
    half = d // 2
    freq = torch.exp(torch.arange(half).float() * -(math.log(10000.0) / (half - 1)))
    ang = (torch.arange(n).float() + offset)[:, None] * freq[None]
    return torch.cat([ang.sin(), ang.cos()], 1)


class Subsampler(nn.Module):
    def __init__(self):
        super().__init__()
        f, d = HP["frontend"], HP["model"]["d_model"]
        ks = f["kernel_sizes"]
        chans = [f["n_mels"]] + [f["conv_channels"] // 2] * (len(ks) - 1)
        outs = [f["conv_channels"]] * (len(ks) - 1) + [2 * d]
        self.conv_layers = nn.ModuleList(
            nn.Conv1d(i, o, k, stride=2, padding=k // 2)
            for i, o, k in zip(chans, outs, ks, strict=True)
        )

    def forward(self, feats):
        x = feats.transpose(1, 2)
        for conv in self.conv_layers:
            x = F.glu(conv(x), dim=1)
        return x.transpose(1, 2)


class Attention(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.q_proj, self.k_proj = nn.Linear(d, d), nn.Linear(d, d)
        self.v_proj, self.out_proj = nn.Linear(d, d), nn.Linear(d, d)

    def forward(self, x, mem=None, causal=False):
        mem = x if mem is None else mem
        b, t, d = x.shape
        q = self.q_proj(x).view(b, t, self.heads, -1).transpose(1, 2)
        k = self.k_proj(mem).view(b, mem.shape[1], self.heads, -1).transpose(1, 2)
        v = self.v_proj(mem).view(b, mem.shape[1], self.heads, -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.out_proj(o.transpose(1, 2).reshape(b, t, d))


class Layer(nn.Module):
    def __init__(self, part, cross):
        super().__init__()
        d, h, ffn = HP["model"]["d_model"], HP[part]["heads"], HP[part]["ffn"]
        self.self_attn, self.self_attn_layer_norm = Attention(d, h), nn.LayerNorm(d)
        if cross:
            self.encoder_attn, self.encoder_attn_layer_norm = Attention(d, h), nn.LayerNorm(d)
        self.fc1, self.fc2, self.final_layer_norm = (
            nn.Linear(d, ffn),
            nn.Linear(ffn, d),
            nn.LayerNorm(d),
        )

    def forward(self, x, mem=None):
        x = x + self.self_attn(self.self_attn_layer_norm(x), causal=mem is not None)
        if mem is not None:
            x = x + self.encoder_attn(self.encoder_attn_layer_norm(x), mem)
        return x + self.fc2(F.relu(self.fc1(self.final_layer_norm(x))))


class Speech2Text(nn.Module):
    def __init__(self):
        super().__init__()
        d = HP["model"]["d_model"]
        self.scale = math.sqrt(d)
        self.subsample = Subsampler()
        self.enc_layers = nn.ModuleList(
            Layer("encoder", False) for _ in range(HP["encoder"]["layers"])
        )
        self.enc_norm = nn.LayerNorm(d)
        self.embed_tokens = nn.Embedding(HP["model"]["vocab"], d, padding_idx=1)
        self.dec_layers = nn.ModuleList(
            Layer("decoder", True) for _ in range(HP["decoder"]["layers"])
        )
        self.dec_norm = nn.LayerNorm(d)

    def forward(self, feats, tgt):
        x = self.subsample(feats) * self.scale
        x = x + sinusoids(x.shape[1], x.shape[2])
        for layer in self.enc_layers:
            x = layer(x)
        mem = self.enc_norm(x)
        y = self.embed_tokens(tgt) * self.scale
        y = y + sinusoids(y.shape[1], y.shape[2])
        for layer in self.dec_layers:
            y = layer(y, mem)
        return self.dec_norm(y)
