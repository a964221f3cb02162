"""OPT (learned positions offset by 2, pre-LayerNorm, ReLU MLP) with its options in a
``SimpleNamespace`` made from the checkpoint's ``args`` dict (fairseq style) and read back
through ``vars``."""

from types import SimpleNamespace

import torch
import torch.nn as nn
import torch.nn.functional as F

ARGS = SimpleNamespace(
    decoder_embed_dim=64,
    decoder_layers=2,
    decoder_attention_heads=4,
    decoder_ffn_embed_dim=256,
    max_target_positions=64,
    vocab=512,
)
OPTS = vars(ARGS)
OFFSET = 2


class Attention(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.q_proj, self.k_proj = nn.Linear(d, d), nn.Linear(d, d)
        self.v_proj, self.out_proj = nn.Linear(d, d), nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (
            m(x).view(b, t, self.h, -1).transpose(1, 2)
            for m in (self.q_proj, self.k_proj, self.v_proj)
        )
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.out_proj(y.transpose(1, 2).reshape(b, t, d))


class Layer(nn.Module):
    def __init__(self, o):
        super().__init__()
        d = o["decoder_embed_dim"]
        self.self_attn_layer_norm = nn.LayerNorm(d)
        self.self_attn = Attention(d, o["decoder_attention_heads"])
        self.final_layer_norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, o["decoder_ffn_embed_dim"])
        self.fc2 = nn.Linear(o["decoder_ffn_embed_dim"], d)

    def forward(self, x):
        x = x + self.self_attn(self.self_attn_layer_norm(x))
        return x + self.fc2(F.relu(self.fc1(self.final_layer_norm(x))))


class OPTDecoder(nn.Module):
    def __init__(self, o=OPTS):
        super().__init__()
        d = o["decoder_embed_dim"]
        self.embed_tokens = nn.Embedding(o["vocab"], d)
        self.embed_positions = nn.Embedding(o["max_target_positions"] + OFFSET, d)
        self.layers = nn.ModuleList(Layer(o) for _ in range(o["decoder_layers"]))
        self.final_layer_norm = nn.LayerNorm(d)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1]) + OFFSET
        x = self.embed_tokens(ids) + self.embed_positions(pos)
        for layer in self.layers:
            x = layer(x)
        return self.final_layer_norm(x)
