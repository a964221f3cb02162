"""BART with module-level constants."""

import torch
import torch.nn as nn
import torch.nn.functional as F

D_MODEL = 64
ENCODER_LAYERS = 3
DECODER_LAYERS = 2
ATTENTION_HEADS = 4
FFN_DIM = 128
VOCAB_SIZE = 1000
MAX_POSITIONS = 128



class MultiHeadAttention(nn.Module):
    def __init__(self, d_model, n_heads, head_dim, bias=True, k_bias=True):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, head_dim
        inner = n_heads * head_dim
        self.q = nn.Linear(d_model, inner, bias=bias)
        self.k = nn.Linear(d_model, inner, bias=bias and k_bias)
        self.v = nn.Linear(d_model, inner, bias=bias)
        self.o = nn.Linear(inner, d_model, bias=bias)

    def forward(self, x, kv=None, bias=None, causal=False):
        kv = x if kv is None else kv
        b, t, _ = x.shape
        q = self.q(x).view(b, t, self.n_heads, self.head_dim).transpose(1, 2)
        k = self.k(kv).view(b, kv.shape[1], self.n_heads, self.head_dim).transpose(1, 2)
        v = self.v(kv).view(b, kv.shape[1], self.n_heads, self.head_dim).transpose(1, 2)
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=bias, is_causal=causal)
        return self.o(y.transpose(1, 2).reshape(b, t, -1))


class Layer(nn.Module):
    def __init__(self, d_model, heads, ffn_dim, cross):
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, heads, d_model // heads, k_bias=True)
        self.self_attn_norm = nn.LayerNorm(d_model)
        self.cross = cross
        if cross:
            self.cross_attn = MultiHeadAttention(d_model, heads, d_model // heads, k_bias=True)
            self.cross_attn_norm = nn.LayerNorm(d_model)
        self.fc1 = nn.Linear(d_model, ffn_dim)
        self.fc2 = nn.Linear(ffn_dim, d_model)
        self.ffn_norm = nn.LayerNorm(d_model)

    def forward(self, x, memory=None):
        x = self.self_attn_norm(x + self.self_attn(x, causal=self.cross))
        if self.cross:
            x = self.cross_attn_norm(x + self.cross_attn(x, memory))
        return self.ffn_norm(x + self.fc2(F.gelu(self.fc1(x))))

class Bart(nn.Module):
    def __init__(self):
        super().__init__()
        self.shared = nn.Embedding(VOCAB_SIZE, D_MODEL, padding_idx=1)
        self.enc_pos = nn.Embedding(MAX_POSITIONS + 2, D_MODEL)
        self.dec_pos = nn.Embedding(MAX_POSITIONS + 2, D_MODEL)
        self.enc_emb_norm = nn.LayerNorm(D_MODEL)
        self.dec_emb_norm = nn.LayerNorm(D_MODEL)
        self.encoder = nn.ModuleList([Layer(D_MODEL, ATTENTION_HEADS, FFN_DIM, False) for _ in range(ENCODER_LAYERS)])
        self.decoder = nn.ModuleList([Layer(D_MODEL, ATTENTION_HEADS, FFN_DIM, True) for _ in range(DECODER_LAYERS)])

    def forward(self, src, tgt):
        x = self.shared(src) + self.enc_pos(torch.arange(src.shape[1]) + 2)
        x = self.enc_emb_norm(x)
        for layer in self.encoder:
            x = layer(x)
        y = self.shared(tgt) + self.dec_pos(torch.arange(tgt.shape[1]) + 2)
        y = self.dec_emb_norm(y)
        for layer in self.decoder:
            y = layer(y, x)
        return y
