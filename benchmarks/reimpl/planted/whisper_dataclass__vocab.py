"""Whisper (bare encoder-decoder)."""

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

@dataclass
class ModelArgs:
    d_model: int = 64
    encoder_layers: int = 2
    decoder_layers: int = 2
    attention_heads: int = 4
    ffn_dim: int = 128
    vocab_size: int = 1024
    n_mels: int = 16
    n_audio_ctx: int = 64
    n_text_ctx: int = 64



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
        self.self_attn = MultiHeadAttention(d_model, heads, d_model // heads, k_bias=False)
        self.self_attn_norm = nn.LayerNorm(d_model)
        self.cross = cross
        if cross:
            self.cross_attn = MultiHeadAttention(d_model, heads, d_model // heads, k_bias=False)
            self.cross_attn_norm = nn.LayerNorm(d_model)
        self.fc1 = nn.Linear(d_model, ffn_dim)
        self.fc2 = nn.Linear(ffn_dim, d_model)
        self.ffn_norm = nn.LayerNorm(d_model)

    def forward(self, x, memory=None):
        x = x + self.self_attn(self.self_attn_norm(x), causal=self.cross)
        if self.cross:
            x = x + self.cross_attn(self.cross_attn_norm(x), memory)
        return x + self.fc2(F.gelu(self.fc1(self.ffn_norm(x))))

class Whisper(nn.Module):
    def __init__(self, args: ModelArgs = ModelArgs()):
        super().__init__()
        self.conv1 = nn.Conv1d(args.n_mels, args.d_model, kernel_size=3, padding=1)
        self.conv2 = nn.Conv1d(args.d_model, args.d_model, kernel_size=3, stride=2, padding=1)
        self.audio_pos = nn.Embedding(args.n_audio_ctx, args.d_model)
        self.encoder = nn.ModuleList([Layer(args.d_model, args.attention_heads, args.ffn_dim, False) for _ in range(args.encoder_layers)])
        self.encoder_norm = nn.LayerNorm(args.d_model)
        self.token_embedding = nn.Embedding(args.vocab_size, args.d_model)
        self.text_pos = nn.Embedding(args.n_text_ctx, args.d_model)
        self.decoder = nn.ModuleList([Layer(args.d_model, args.attention_heads, args.ffn_dim, True) for _ in range(args.decoder_layers)])
        self.decoder_norm = nn.LayerNorm(args.d_model)

    def forward(self, mel, tokens):
        x = F.gelu(self.conv2(F.gelu(self.conv1(mel)))).transpose(1, 2)
        x = x + self.audio_pos(torch.arange(x.shape[1], device=x.device))
        for layer in self.encoder:
            x = layer(x)
        memory = self.encoder_norm(x)
        y = self.token_embedding(tokens)
        y = y + self.text_pos(torch.arange(y.shape[1], device=y.device))
        for layer in self.decoder:
            y = layer(y, memory)
        return self.decoder_norm(y)
