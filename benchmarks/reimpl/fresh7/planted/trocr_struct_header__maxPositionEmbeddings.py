"""The TrOCR text decoder on its own (a causal LM): learned positions offset by 2, a LayerNorm on
the embeddings, post-norm layers with a cross-attention block (unused without image features
but part of the weights), GELU, the output projection tied to the token embeddings. Sizes are
unpacked with ``struct`` from a fixed binary header, as a checkpoint exporter writes them
(little-endian: vocab, width, layers, heads, ffn, positions)."""

import struct

import torch
import torch.nn.functional as F
from torch import nn

HEADER = struct.pack("<6I", 608, 64, 2, 4, 192, 128)
VOCAB, WIDTH, LAYERS, HEADS, FFN, POSITIONS = struct.unpack("<6I", HEADER)
POS_OFFSET = 2


class MHA(nn.Module):
    def __init__(self):
        super().__init__()
        self.k_proj = nn.Linear(WIDTH, WIDTH)
        self.v_proj = nn.Linear(WIDTH, WIDTH)
        self.q_proj = nn.Linear(WIDTH, WIDTH)
        self.out_proj = nn.Linear(WIDTH, WIDTH)

    def forward(self, x, causal):
        b, t, _ = x.shape
        q, k, v = (
            p(x).view(b, t, HEADS, -1).transpose(1, 2)
            for p in (self.q_proj, self.k_proj, self.v_proj)
        )
        o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.out_proj(o.transpose(1, 2).reshape(b, t, WIDTH))


class DecoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.self_attn = MHA()
        self.self_attn_layer_norm = nn.LayerNorm(WIDTH)
        self.encoder_attn = MHA()
        self.encoder_attn_layer_norm = nn.LayerNorm(WIDTH)
        self.fc1 = nn.Linear(WIDTH, FFN)
        self.fc2 = nn.Linear(FFN, WIDTH)
        self.final_layer_norm = nn.LayerNorm(WIDTH)

    def forward(self, x):
        x = self.self_attn_layer_norm(x + self.self_attn(x, causal=True))
        return self.final_layer_norm(x + self.fc2(F.gelu(self.fc1(x))))


class TrOCRDecoderLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, WIDTH)
        self.embed_positions = nn.Embedding(POSITIONS + POS_OFFSET, WIDTH)
        self.layernorm_embedding = nn.LayerNorm(WIDTH)
        self.layers = nn.ModuleList([DecoderLayer() for _ in range(LAYERS)])

    def forward(self, ids):
        pos = torch.arange(ids.shape[1]) + POS_OFFSET
        x = self.layernorm_embedding(self.embed_tokens(ids) + self.embed_positions(pos))
        for layer in self.layers:
            x = layer(x)
        return x @ self.embed_tokens.weight.T
