"""BERT configured by a dict."""

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "hidden_size": 64,
    "num_layers": 2,
    "num_heads": 4,
    "mlp_dim": 256,
    "eps": 1e-12,
    "vocab_size": 1000,
    "max_len": 128,
    "type_vocab": 2,
    "pad_id": 0,
}



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
    def __init__(self):
        super().__init__()
        self.word_embeddings = nn.Embedding(CONFIG["vocab_size"], CONFIG["hidden_size"], padding_idx=CONFIG["pad_id"])
        self.position_embeddings = nn.Embedding(CONFIG["max_len"], CONFIG["hidden_size"])
        self.token_type_embeddings = nn.Embedding(CONFIG["type_vocab"], CONFIG["hidden_size"])
        self.emb_norm = nn.LayerNorm(CONFIG["hidden_size"], eps=CONFIG["eps"])
        self.layers = nn.ModuleList([Layer(CONFIG["hidden_size"], CONFIG["num_heads"], CONFIG["mlp_dim"], CONFIG["eps"]) for _ in range(CONFIG["num_layers"])])
        self.pooler = nn.Linear(CONFIG["hidden_size"], CONFIG["hidden_size"])

    def forward(self, input_ids, token_type_ids):
        pos = torch.arange(input_ids.shape[1], device=input_ids.device)
        x = self.word_embeddings(input_ids) + self.position_embeddings(pos)
        x = self.emb_norm(x + self.token_type_embeddings(token_type_ids))
        for layer in self.layers:
            x = layer(x)
        return x, torch.tanh(self.pooler(x[:, 0]))
