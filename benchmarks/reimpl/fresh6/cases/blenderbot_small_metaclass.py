"""BlenderBot-90M (BlenderbotSmall), from ParlAI's description: a post-norm encoder-decoder with
learned positions, scaled encoder embeddings, a LayerNorm on the encoder's embedding sum but, in the
decoder, on the token embeddings *before* the positions are added. The sizes are filled in by
a metaclass: every class built with ``Sized`` gets the hyper-parameters as class attributes."""

import math

import torch
import torch.nn.functional as F
from torch import nn

HYPER = dict(
    vocab=880,
    d_model=64,
    heads=4,
    encoder_ffn=128,
    decoder_ffn=128,
    encoder_layers=2,
    decoder_layers=2,
    positions=128,
    scale_embedding=True,
)


class Sized(type(nn.Module)):
    def __new__(mcls, name, bases, ns):
        ns.update({k: v for k, v in HYPER.items() if k not in ns})
        return super().__new__(mcls, name, bases, ns)


class Attention(nn.Module, metaclass=Sized):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(self.d_model, self.d_model)
        self.k_proj = nn.Linear(self.d_model, self.d_model)
        self.v_proj = nn.Linear(self.d_model, self.d_model)
        self.out_proj = nn.Linear(self.d_model, self.d_model)

    def forward(self, x, kv, causal=False):
        b, tq, d = x.shape
        hd = d // self.heads
        q = (self.q_proj(x) * hd**-0.5).view(b, tq, self.heads, hd).transpose(1, 2)
        k = self.k_proj(kv).view(b, -1, self.heads, hd).transpose(1, 2)
        v = self.v_proj(kv).view(b, -1, self.heads, hd).transpose(1, 2)
        s = q @ k.transpose(-1, -2)
        if causal:
            s = s.masked_fill(torch.ones_like(s, dtype=torch.bool).triu(1), float("-inf"))
        return self.out_proj((s.softmax(-1) @ v).transpose(1, 2).reshape(b, tq, d))


class EncoderLayer(nn.Module, metaclass=Sized):
    def __init__(self, ffn):
        super().__init__()
        self.self_attn = Attention()
        self.self_attn_layer_norm = nn.LayerNorm(self.d_model)
        self.fc1 = nn.Linear(self.d_model, ffn)
        self.fc2 = nn.Linear(ffn, self.d_model)
        self.final_layer_norm = nn.LayerNorm(self.d_model)

    def forward(self, x):
        x = self.self_attn_layer_norm(x + self.self_attn(x, x))
        return self.final_layer_norm(x + self.fc2(F.gelu(self.fc1(x))))


class DecoderLayer(EncoderLayer):
    def __init__(self, ffn):
        super().__init__(ffn)
        self.encoder_attn = Attention()
        self.encoder_attn_layer_norm = nn.LayerNorm(self.d_model)

    def forward(self, x, memory):
        x = self.self_attn_layer_norm(x + self.self_attn(x, x, causal=True))
        x = self.encoder_attn_layer_norm(x + self.encoder_attn(x, memory))
        return self.final_layer_norm(x + self.fc2(F.gelu(self.fc1(x))))


class BlenderbotSmall(nn.Module, metaclass=Sized):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(self.vocab, self.d_model)
        self.enc_positions = nn.Embedding(self.positions, self.d_model)
        self.dec_positions = nn.Embedding(self.positions, self.d_model)
        self.enc_norm = nn.LayerNorm(self.d_model)
        self.dec_norm = nn.LayerNorm(self.d_model)
        self.enc_layers = nn.ModuleList(
            EncoderLayer(self.encoder_ffn) for _ in range(self.encoder_layers)
        )
        self.dec_layers = nn.ModuleList(
            DecoderLayer(self.decoder_ffn) for _ in range(self.decoder_layers)
        )

    def forward(self, src, tgt):
        scale = math.sqrt(self.d_model) if self.scale_embedding else 1.0
        x = self.shared(src) * scale + self.enc_positions(
            torch.arange(src.shape[1], device=src.device)
        )
        x = self.enc_norm(x)
        for layer in self.enc_layers:
            x = layer(x)
        # no scale here: the decoder's LayerNorm comes straight after the token embedding
        y = self.dec_norm(self.shared(tgt))
        y = y + self.dec_positions(torch.arange(tgt.shape[1], device=tgt.device))
        for layer in self.dec_layers:
            y = layer(y, x)
        return y
