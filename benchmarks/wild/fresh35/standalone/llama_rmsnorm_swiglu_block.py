import torch
import torch.nn as nn


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))


def ffn_hidden(dim, multiple_of=64, ffn_dim_multiplier=None):
    hidden = int(2 * (4 * dim) / 3)
    if ffn_dim_multiplier is not None:
        hidden = int(ffn_dim_multiplier * hidden)
    return multiple_of * ((hidden + multiple_of - 1) // multiple_of)


class Block(nn.Module):
    def __init__(self, dim, n_heads, n_kv_heads):
        super().__init__()
        head_dim = dim // n_heads
        self.wq = nn.Linear(dim, n_heads * head_dim, bias=False)
        self.wk = nn.Linear(dim, n_kv_heads * head_dim, bias=False)
        self.wv = nn.Linear(dim, n_kv_heads * head_dim, bias=False)
        self.wo = nn.Linear(n_heads * head_dim, dim, bias=False)
        h = ffn_hidden(dim, multiple_of=64, ffn_dim_multiplier=1.3)
        self.w1 = nn.Linear(dim, h, bias=False)
        self.w2 = nn.Linear(h, dim, bias=False)
        self.w3 = nn.Linear(dim, h, bias=False)
        self.attention_norm = RMSNorm(dim)
        self.ffn_norm = RMSNorm(dim)


class Llama(nn.Module):
    def __init__(self, vocab=3200, dim=288, n_layers=4, n_heads=6, n_kv_heads=2):
        super().__init__()
        self.tok_embeddings = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(Block(dim, n_heads, n_kv_heads) for _ in range(n_layers))
        self.norm = RMSNorm(dim)
        self.output = nn.Linear(dim, vocab, bias=False)
        self.output.weight = self.tok_embeddings.weight


model = Llama()
