"""FlexOlmo mixture-of-experts decoder (OLMo-2 style post-norm blocks, QK-norm, routed experts).

The run's hyper-parameters are the YAML block below, as the experiment launcher writes it.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F
import yaml

EXPERIMENT = yaml.safe_load(
    """
run: flexolmo-tiny
model:
  vocab_size: 640
  d_model: 64
  n_layers: 2
  attention:
    n_heads: 4
    n_kv_heads: 2
    rope_theta: 500000.0
  moe:
    num_experts: 4
    top_k: 2
    hidden_size: 96
  layer_norm_eps: 0.1
"""
)
MODEL = EXPERIMENT["model"]
ATTN = MODEL["attention"]
MOE = MODEL["moe"]


class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d))

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))


def rope(x, theta):
    t, d = x.shape[-2], x.shape[-1]
    freqs = 1.0 / theta ** (torch.arange(0, d, 2, device=x.device).float() / d)
    ang = torch.arange(t, device=x.device).float().unsqueeze(1) * freqs.unsqueeze(0)
    ang = ang.repeat(1, 2)
    x1, x2 = x[..., : d // 2], x[..., d // 2 :]
    return x * ang.cos() + torch.cat((-x2, x1), -1) * ang.sin()


class CausalSelfAttention(nn.Module):
    def __init__(self):
        super().__init__()
        d = MODEL["d_model"]
        self.nh, self.nkv = ATTN["n_heads"], ATTN["n_kv_heads"]
        self.hd = d // self.nh
        self.w_q = nn.Linear(d, self.nh * self.hd, bias=False)
        self.w_k = nn.Linear(d, self.nkv * self.hd, bias=False)
        self.w_v = nn.Linear(d, self.nkv * self.hd, bias=False)
        self.w_out = nn.Linear(self.nh * self.hd, d, bias=False)
        self.q_norm = RMSNorm(self.nh * self.hd, MODEL["layer_norm_eps"])
        self.k_norm = RMSNorm(self.nkv * self.hd, MODEL["layer_norm_eps"])

    def forward(self, x):
        b, t, _ = x.shape
        q = self.q_norm(self.w_q(x)).view(b, t, self.nh, self.hd).transpose(1, 2)
        k = self.k_norm(self.w_k(x)).view(b, t, self.nkv, self.hd).transpose(1, 2)
        v = self.w_v(x).view(b, t, self.nkv, self.hd).transpose(1, 2)
        q, k = rope(q, ATTN["rope_theta"]), rope(k, ATTN["rope_theta"])
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        return self.w_out(y.transpose(1, 2).reshape(b, t, -1))


class RoutedExperts(nn.Module):
    def __init__(self):
        super().__init__()
        d, f, e = MODEL["d_model"], MOE["hidden_size"], MOE["num_experts"]
        self.top_k = MOE["top_k"]
        self.router = nn.Parameter(torch.zeros(e, d))
        self.w_gate = nn.Parameter(torch.empty(e, f, d))
        self.w_up = nn.Parameter(torch.empty(e, f, d))
        self.w_down = nn.Parameter(torch.empty(e, d, f))

    def forward(self, x):
        shape = x.shape
        x = x.reshape(-1, shape[-1])
        probs = F.linear(x, self.router).softmax(-1)
        top_p, top_i = probs.topk(self.top_k, dim=-1)
        out = torch.zeros_like(x)
        for e in range(self.router.shape[0]):
            rows, slot = (top_i == e).nonzero(as_tuple=True)
            if rows.numel() == 0:
                continue
            h = x[rows]
            h = F.silu(h @ self.w_gate[e].T) * (h @ self.w_up[e].T)
            out.index_add_(0, rows, (h @ self.w_down[e].T) * top_p[rows, slot, None])
        return out.view(shape)


class PostNormBlock(nn.Module):
    def __init__(self):
        super().__init__()
        self.attention = CausalSelfAttention()
        self.attn_norm = RMSNorm(MODEL["d_model"], MODEL["layer_norm_eps"])
        self.experts = RoutedExperts()
        self.ff_norm = RMSNorm(MODEL["d_model"], MODEL["layer_norm_eps"])

    def forward(self, x):
        x = x + self.attn_norm(self.attention(x))
        return x + self.ff_norm(self.experts(x))


class FlexOlmo(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(MODEL["vocab_size"], MODEL["d_model"])
        self.blocks = nn.ModuleList(PostNormBlock() for _ in range(MODEL["n_layers"]))
        self.ln_f = RMSNorm(MODEL["d_model"], MODEL["layer_norm_eps"])
        self.lm_head = nn.Linear(MODEL["d_model"], MODEL["vocab_size"], bias=False)

    def forward(self, input_ids):
        x = self.wte(input_ids)
        for block in self.blocks:
            x = block(x)
        return self.lm_head(self.ln_f(x))
