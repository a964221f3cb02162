"""Zoo: a sparse Mixture-of-Experts layer routed Mixtral-style -- top-k experts per token,
tokens gathered per expert with torch.where and scattered back with index_add_."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class ExpertMLP(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden, bias=False)
        self.w2 = nn.Linear(hidden, dim, bias=False)
        self.w3 = nn.Linear(dim, hidden, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)) * self.w3(x))


class SparseMoE(nn.Module):
    def __init__(self, dim=32, hidden=48, num_experts=4, top_k=2):
        super().__init__()
        self.top_k = top_k
        self.gate = nn.Linear(dim, num_experts, bias=False)
        self.experts = nn.ModuleList([ExpertMLP(dim, hidden) for _ in range(num_experts)])

    def forward(self, hidden_states):
        b, t, d = hidden_states.shape
        x = hidden_states.view(-1, d)  # (tokens, dim)
        probs = F.softmax(self.gate(x), dim=-1)
        weights, chosen = torch.topk(probs, self.top_k, dim=-1)  # (tokens, top_k)
        weights = weights / weights.sum(dim=-1, keepdim=True)
        out = torch.zeros_like(x)
        for i, expert in enumerate(self.experts):
            token_idx, slot = torch.where(chosen == i)
            y = expert(x[token_idx]) * weights[token_idx, slot, None]
            out.index_add_(0, token_idx, y)
        return out.view(b, t, d)


class MoEBlock(nn.Module):
    def __init__(self, dim=32, layers=2):
        super().__init__()
        self.norms = nn.ModuleList([nn.LayerNorm(dim) for _ in range(layers)])
        self.moes = nn.ModuleList([SparseMoE(dim) for _ in range(layers)])

    def forward(self, x):
        for norm, moe in zip(self.norms, self.moes):
            x = x + moe(norm(x))
        return x


OUTPUT_UNKNOWN = (
    "experts see x[token_idx] (a data-dependent gather) and write back with out.index_add_ "
    "(in place): neither is a graph op, so the residual add returns the input unchanged"
)
ENTRY = "MoEBlock"
CONFIG = None
INPUT = (2, 5, 32)


def build():
    return MoEBlock()
