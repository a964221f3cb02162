"""FlexOlmo, from the paper: OLMo-2-style norms (RMSNorm on each sublayer's output, inside the
residual; q/k RMSNorm over the full projected width) around a mixture of experts routed by a
softmax over all experts, top-k kept without renormalising. The layers form a linked list:
each block owns the next one (``self.next``), and the model calls the head of the chain."""

import torch
import torch.nn.functional as F
from torch import nn

VOCAB, WIDTH, DEPTH = 704, 64, 3
HEADS, KV_HEADS = 4, 4
EXPERTS, TOP_K, EXPERT_FFN = 4, 1, 96
ROPE_BASE, EPS = 500000.0, 1e-6
HD = WIDTH // HEADS


class RMSNorm(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS))


class Experts(nn.Module):
    def __init__(self):
        super().__init__()
        self.router = nn.Linear(WIDTH, EXPERTS, bias=False)
        self.w_gate = nn.Parameter(torch.randn(EXPERTS, EXPERT_FFN, WIDTH) * 0.02)
        self.w_up = nn.Parameter(torch.randn(EXPERTS, EXPERT_FFN, WIDTH) * 0.02)
        self.w_down = nn.Parameter(torch.randn(EXPERTS, WIDTH, EXPERT_FFN) * 0.02)

    def forward(self, x):
        flat = x.reshape(-1, WIDTH)
        probs = self.router(flat).softmax(-1)
        weight, chosen = probs.topk(TOP_K, -1)
        out = torch.zeros_like(flat)
        for e in range(EXPERTS):
            rows, slot = (chosen == e).nonzero(as_tuple=True)
            if rows.numel() == 0:
                continue
            h = flat[rows]
            h = F.silu(h @ self.w_gate[e].T) * (h @ self.w_up[e].T)
            out.index_add_(0, rows, (h @ self.w_down[e].T) * weight[rows, slot, None])
        return out.view_as(x)


class Block(nn.Module):
    def __init__(self, remaining):
        super().__init__()
        self.wq = nn.Linear(WIDTH, HEADS * HD, bias=False)
        self.wk = nn.Linear(WIDTH, KV_HEADS * HD, bias=False)
        self.wv = nn.Linear(WIDTH, KV_HEADS * HD, bias=False)
        self.wo = nn.Linear(HEADS * HD, WIDTH, bias=False)
        self.q_norm = RMSNorm(HEADS * HD)
        self.k_norm = RMSNorm(KV_HEADS * HD)
        self.attn_out_norm = RMSNorm(WIDTH)
        self.moe = Experts()
        self.moe_out_norm = RMSNorm(WIDTH)
        self.next = Block(remaining - 1) if remaining > 1 else None

    def attend(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.wq(x)).view(b, t, HEADS, HD).transpose(1, 2)
        k = self.k_norm(self.wk(x)).view(b, t, KV_HEADS, HD).transpose(1, 2)
        v = self.wv(x).view(b, t, KV_HEADS, HD).transpose(1, 2)
        freqs = ROPE_BASE ** (-torch.arange(0, HD, 2, device=x.device).float() / HD)
        ang = torch.arange(t, device=x.device).float()[:, None] * freqs
        cos, sin = ang.cos().repeat(1, 2), ang.sin().repeat(1, 2)

        def rot(z):
            return z * cos + torch.cat([-z[..., HD // 2 :], z[..., : HD // 2]], -1) * sin

        o = F.scaled_dot_product_attention(rot(q), rot(k), v, is_causal=True, enable_gqa=True)
        return self.wo(o.transpose(1, 2).reshape(b, t, -1))

    def forward(self, x):
        x = x + self.attn_out_norm(self.attend(x))
        x = x + self.moe_out_norm(self.moe(x))
        return self.next(x) if self.next is not None else x


class FlexOlmo(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = nn.Embedding(VOCAB, WIDTH)
        self.chain = Block(DEPTH)
        self.final_norm = RMSNorm(WIDTH)
        self.out = nn.Linear(WIDTH, VOCAB, bias=False)

    def forward(self, ids):
        return self.out(self.final_norm(self.chain(self.tok(ids))))
