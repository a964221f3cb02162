"""GPT-2: values as plain class attributes of an Args class, separate biased q/k/v linears,
learned positions, pre-LN blocks, the head tied by assigning the token table's weight."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Args:
    vocab_size = 1000
    n_positions = 64
    n_embd = 48
    n_layer = 3
    n_head = 3
    layer_norm_epsilon = 1e-5


class CausalSelfAttention(nn.Module):
    def __init__(self, args):
        super().__init__()
        d = args.n_embd
        self.n_head = args.n_head
        self.query = nn.Linear(d, d)
        self.key = nn.Linear(d, d)
        self.value = nn.Linear(d, d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (m(x).view(b, t, self.n_head, d // self.n_head).transpose(1, 2) for m in (self.query, self.key, self.value))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.proj(y.transpose(1, 2).reshape(b, t, d))


class Block(nn.Module):
    def __init__(self, args):
        super().__init__()
        self.ln_1 = nn.LayerNorm(args.n_embd, eps=args.layer_norm_epsilon)
        self.attn = CausalSelfAttention(args)
        self.ln_2 = nn.LayerNorm(args.n_embd, eps=args.layer_norm_epsilon)
        self.fc = nn.Linear(args.n_embd, 4 * args.n_embd)
        self.out = nn.Linear(4 * args.n_embd, args.n_embd)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.out(F.gelu(self.fc(self.ln_2(x)), approximate="tanh"))


class GPT(nn.Module):
    def __init__(self, args=Args):
        super().__init__()
        self.wte = nn.Embedding(args.vocab_size, args.n_embd)
        self.wpe = nn.Embedding(args.n_positions, args.n_embd)
        self.h = nn.ModuleList([Block(args) for _ in range(args.n_layer)])
        self.ln_f = nn.LayerNorm(args.n_embd, eps=args.layer_norm_epsilon)
        self.lm_head = nn.Linear(args.n_embd, args.vocab_size, bias=False)

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device)
        x = self.wte(ids) + self.wpe(pos)
        for blk in self.h:
            x = blk(x)
        return self.lm_head(self.ln_f(x))
