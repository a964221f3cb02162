"""BlenderBot (the 90M/3B layout, not -small): pre-norm encoder and decoder with learned
positions (no offset), a LayerNorm after each stack, shared token embeddings. Written as two
independent classes, ``Encoder`` and ``Decoder``, each taking its own sizes, joined by a thin
``Seq2Seq`` wrapper that owns the shared embedding and passes it to both."""

import torch
import torch.nn.functional as F
from torch import nn

D_MODEL = 64
VOCAB = 1280
MAX_POSITIONS = 128


class Attn(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.k_proj, self.v_proj = nn.Linear(d, d), nn.Linear(d, d)
        self.q_proj, self.out_proj = nn.Linear(d, d), nn.Linear(d, d)

    def forward(self, x, mem=None, causal=False):
        mem = x if mem is None else mem
        b, t, d = x.shape
        q = self.q_proj(x).view(b, t, self.heads, -1).transpose(1, 2)
        k = self.k_proj(mem).view(b, mem.shape[1], self.heads, -1).transpose(1, 2)
        v = self.v_proj(mem).view(b, mem.shape[1], self.heads, -1).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        return self.out_proj(o.transpose(1, 2).reshape(b, t, d))


class Encoder(nn.Module):
    def __init__(self, embed, layers=2, heads=4, ffn=256):
        super().__init__()
        d = embed.embedding_dim
        self.embed_tokens = embed
        self.embed_positions = nn.Embedding(MAX_POSITIONS, d)
        self.layers = nn.ModuleList()
        for _ in range(layers):
            blk = nn.Module()
            blk.self_attn_layer_norm, blk.self_attn = nn.LayerNorm(d), Attn(d, heads)
            blk.final_layer_norm, blk.fc1, blk.fc2 = (
                nn.LayerNorm(d),
                nn.Linear(d, ffn),
                nn.Linear(ffn, d),
            )
            self.layers.append(blk)
        self.layer_norm = nn.LayerNorm(d)

    def forward(self, ids):
        x = self.embed_tokens(ids) + self.embed_positions(torch.arange(ids.shape[1]))
        for blk in self.layers:
            x = x + blk.self_attn(blk.self_attn_layer_norm(x))
            x = x + blk.fc2(F.gelu(blk.fc1(blk.final_layer_norm(x))))
        return self.layer_norm(x)


class Decoder(nn.Module):
    def __init__(self, embed, layers=2, heads=4, ffn=192):
        super().__init__()
        d = embed.embedding_dim
        self.embed_tokens = embed
        self.embed_positions = nn.Embedding(MAX_POSITIONS, d)
        self.layers = nn.ModuleList()
        for _ in range(layers):
            blk = nn.Module()
            blk.self_attn_layer_norm, blk.self_attn = nn.LayerNorm(d), Attn(d, heads)
            blk.encoder_attn_layer_norm, blk.encoder_attn = nn.LayerNorm(d), Attn(d, heads)
            blk.final_layer_norm, blk.fc1, blk.fc2 = (
                nn.LayerNorm(d),
                nn.Linear(d, ffn),
                nn.Linear(ffn, d),
            )
            self.layers.append(blk)
        self.layer_norm = nn.LayerNorm(d)

    def forward(self, ids, memory):
        x = self.embed_tokens(ids) + self.embed_positions(torch.arange(ids.shape[1]))
        for blk in self.layers:
            x = x + blk.self_attn(blk.self_attn_layer_norm(x), causal=True)
            x = x + blk.encoder_attn(blk.encoder_attn_layer_norm(x), memory)
            x = x + blk.fc2(F.gelu(blk.fc1(blk.final_layer_norm(x))))
        return self.layer_norm(x)


class Seq2Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(VOCAB, D_MODEL)
        self.encoder = Encoder(self.shared, layers=2, heads=4, ffn=256)
        self.decoder = Decoder(self.shared, layers=3, heads=4, ffn=192)

    def forward(self, src, tgt):
        return self.decoder(tgt, self.encoder(src))
