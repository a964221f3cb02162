"""A GPT-2 ported from the original TF checkpoint layout: raw [in, out] kernels (no nn.Linear),
sizes in a dataclass whose fields are built by default factories."""

from dataclasses import dataclass, field

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class HParams:
    n_vocab: int = field(default_factory=lambda: 448)
    n_ctx: int = field(default_factory=lambda: 32)
    n_embd: int = field(default_factory=lambda: 64)
    n_head: int = field(default_factory=lambda: 4)
    n_layer: int = field(default_factory=lambda: 3)
    n_inner: int = field(default_factory=lambda: 256)


def kernel(n_in, n_out):
    return nn.Parameter(torch.randn(n_in, n_out) * 0.02), nn.Parameter(torch.zeros(n_out))


class Block(nn.Module):
    def __init__(self, hp):
        super().__init__()
        d = hp.n_embd
        self.hp = hp
        self.ln_1_g, self.ln_1_b = nn.Parameter(torch.ones(d)), nn.Parameter(torch.zeros(d))
        self.attn_w, self.attn_b = kernel(d, 3 * d)
        self.proj_w, self.proj_b = kernel(d, d)
        self.ln_2_g, self.ln_2_b = nn.Parameter(torch.ones(d)), nn.Parameter(torch.zeros(d))
        self.fc_w, self.fc_b = kernel(d, hp.n_inner)
        self.out_w, self.out_b = kernel(hp.n_inner, d)

    def forward(self, x):
        b, t, d = x.shape
        h = F.layer_norm(x, (d,), self.ln_1_g, self.ln_1_b, 1e-5)
        qkv = torch.addmm(self.attn_b, h.view(-1, d), self.attn_w).view(b, t, 3, self.hp.n_head, -1)
        q, k, v = qkv.permute(2, 0, 3, 1, 4)
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True).transpose(1, 2).reshape(-1, d)
        x = x + torch.addmm(self.proj_b, a, self.proj_w).view(b, t, d)
        h = F.layer_norm(x, (d,), self.ln_2_g, self.ln_2_b, 1e-5).view(-1, d)
        m = F.gelu(torch.addmm(self.fc_b, h, self.fc_w), approximate="tanh")
        return x + torch.addmm(self.out_b, m, self.out_w).view(b, t, d)


class GPT2(nn.Module):
    def __init__(self, hp: HParams = HParams()):
        super().__init__()
        self.wte = nn.Parameter(torch.randn(hp.n_vocab, hp.n_embd) * 0.02)
        self.wpe = nn.Parameter(torch.randn(hp.n_ctx, hp.n_embd) * 0.01)
        self.blocks = nn.ModuleList(Block(hp) for _ in range(hp.n_layer))
        self.ln_f_g = nn.Parameter(torch.ones(hp.n_embd))
        self.ln_f_b = nn.Parameter(torch.zeros(hp.n_embd))

    def forward(self, ids):
        x = self.wte[ids] + self.wpe[: ids.shape[1]]
        for blk in self.blocks:
            x = blk(x)
        x = F.layer_norm(x, x.shape[-1:], self.ln_f_g, self.ln_f_b, 1e-5)
        return x @ self.wte.T
