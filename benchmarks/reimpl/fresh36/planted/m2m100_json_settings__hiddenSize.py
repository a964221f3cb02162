"""M2M-100 many-to-many translation transformer (pre-LN encoder/decoder, scaled shared
embeddings, fairseq sinusoidal positions starting after the padding index).
The export script dumps its settings as JSON; the string is pasted here."""

import json
import math

import torch
import torch.nn.functional as F
from torch import nn

SETTINGS = json.loads(
    """
{
  "arch": "transformer_wmt_en_de_big",
  "vocab_size": 544,
  "embed_dim": 96,
  "encoder_layers": 2,
  "decoder_layers": 2,
  "heads": 4,
  "encoder_ffn": 128,
  "decoder_ffn": 160,
  "pad": 1,
  "ln_eps": 1e-5
}
"""
)
D = SETTINGS["embed_dim"]
PAD = SETTINGS["pad"]


def fairseq_sinusoids(n_pos, dim, pad):
    half = dim // 2
    step = math.log(10000) / (half - 1)
    freq = torch.exp(torch.arange(half).float() * -step)
    pos = torch.arange(pad + 1, pad + 1 + n_pos).float()[:, None] * freq[None]
    return torch.cat([pos.sin(), pos.cos()], dim=1)


class MultiHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(D, D)
        self.k_proj = nn.Linear(D, D)
        self.v_proj = nn.Linear(D, D)
        self.out_proj = nn.Linear(D, D)

    def forward(self, x, memory=None, causal=False):
        memory = x if memory is None else memory
        H = SETTINGS["heads"]

        def split(t):
            return t.view(t.size(0), t.size(1), H, -1).transpose(1, 2)

        q, k, v = split(self.q_proj(x)), split(self.k_proj(memory)), split(self.v_proj(memory))
        o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.out_proj(o.transpose(1, 2).reshape(x.shape))


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_ln = nn.LayerNorm(D, eps=SETTINGS["ln_eps"])
        self.attn = MultiHead()
        self.ffn_ln = nn.LayerNorm(D, eps=SETTINGS["ln_eps"])
        self.fc1 = nn.Linear(D, SETTINGS["encoder_ffn"])
        self.fc2 = nn.Linear(SETTINGS["encoder_ffn"], D)

    def forward(self, x):
        x = x + self.attn(self.attn_ln(x))
        return x + self.fc2(F.relu(self.fc1(self.ffn_ln(x))))


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn_ln = nn.LayerNorm(D, eps=SETTINGS["ln_eps"])
        self.attn = MultiHead()
        self.cross_ln = nn.LayerNorm(D, eps=SETTINGS["ln_eps"])
        self.cross = MultiHead()
        self.ffn_ln = nn.LayerNorm(D, eps=SETTINGS["ln_eps"])
        self.fc1 = nn.Linear(D, SETTINGS["decoder_ffn"])
        self.fc2 = nn.Linear(SETTINGS["decoder_ffn"], D)

    def forward(self, y, memory):
        y = y + self.attn(self.attn_ln(y), causal=True)
        y = y + self.cross(self.cross_ln(y), memory)
        return y + self.fc2(F.relu(self.fc1(self.ffn_ln(y))))


class M2M100(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(SETTINGS["vocab_size"], D, padding_idx=PAD)
        self.enc = nn.ModuleList(EncoderLayer() for _ in range(SETTINGS["encoder_layers"]))
        self.enc_ln = nn.LayerNorm(D, eps=SETTINGS["ln_eps"])
        self.dec = nn.ModuleList(DecoderLayer() for _ in range(SETTINGS["decoder_layers"]))
        self.dec_ln = nn.LayerNorm(D, eps=SETTINGS["ln_eps"])

    def embed(self, ids):
        return self.shared(ids) * math.sqrt(D) + fairseq_sinusoids(ids.shape[1], D, PAD)

    def forward(self, src, tgt):
        memory = self.embed(src)
        for layer in self.enc:
            memory = layer(memory)
        memory = self.enc_ln(memory)
        y = self.embed(tgt)
        for layer in self.dec:
            y = layer(y, memory)
        return self.dec_ln(y), memory
