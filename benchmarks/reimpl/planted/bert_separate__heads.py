"""BERT with separate q/k/v."""

from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F

@dataclass
class ModelArgs:
    hidden_size: int = 64
    num_layers: int = 2
    num_heads: int = 8
    mlp_dim: int = 256
    eps: float = 1e-12
    vocab_size: int = 1000
    max_len: int = 128
    type_vocab: int = 2
    pad_id: int = 0



class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.query = nn.Linear(dim, dim)
        self.key = nn.Linear(dim, dim)
        self.value = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, dim)

    def split(self, x):
        b, n, _ = x.shape
        return x.view(b, n, self.heads, self.head_dim).transpose(1, 2)

    def forward(self, x):
        q, k, v = self.split(self.query(x)), self.split(self.key(x)), self.split(self.value(x))
        scores = q @ k.transpose(-2, -1) / self.head_dim**0.5
        ctx = scores.softmax(dim=-1) @ v
        b, h, n, d = ctx.shape
        return self.out(ctx.transpose(1, 2).reshape(b, n, h * d))


class Layer(nn.Module):
    def __init__(self, dim, heads, mlp_dim, eps):
        super().__init__()
        self.attention = SelfAttention(dim, heads)
        self.norm1 = nn.LayerNorm(dim, eps=eps)
        self.fc1 = nn.Linear(dim, mlp_dim)
        self.fc2 = nn.Linear(mlp_dim, dim)
        self.norm2 = nn.LayerNorm(dim, eps=eps)

    def mlp(self, x):
        return self.fc2(F.gelu(self.fc1(x)))

    def forward(self, x):
        x = self.norm1(x + self.attention(x))
        return self.norm2(x + self.mlp(x))


class Encoder(nn.Module):
    def __init__(self, args: ModelArgs = ModelArgs()):
        super().__init__()
        self.word_embeddings = nn.Embedding(args.vocab_size, args.hidden_size, padding_idx=args.pad_id)
        self.position_embeddings = nn.Embedding(args.max_len, args.hidden_size)
        self.token_type_embeddings = nn.Embedding(args.type_vocab, args.hidden_size)
        self.emb_norm = nn.LayerNorm(args.hidden_size, eps=args.eps)
        self.layers = nn.ModuleList([Layer(args.hidden_size, args.num_heads, args.mlp_dim, args.eps) for _ in range(args.num_layers)])
        self.pooler = nn.Linear(args.hidden_size, args.hidden_size)

    def forward(self, input_ids, token_type_ids):
        pos = torch.arange(input_ids.shape[1], device=input_ids.device)
        x = self.word_embeddings(input_ids) + self.position_embeddings(pos)
        x = self.emb_norm(x + self.token_type_embeddings(token_type_ids))
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
