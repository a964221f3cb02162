import torch
import torch.nn as nn
import torch.nn.functional as F
from dataclasses import dataclass, field


@dataclass
class MoEConfig:
    d_model: int = 256
    n_layers: int = 4
    n_heads: int = 4
    vocab: int = 16000
    n_experts: int = 8
    n_shared: int = 1
    top_k: int = 2
    expert_hidden: int = 512
    moe_every: int = 2
    extra: dict = field(default_factory=dict)


class Expert(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.gate = nn.Linear(d, h, bias=False)
        self.up = nn.Linear(d, h, bias=False)
        self.down = nn.Linear(h, d, bias=False)

    def forward(self, x):
        return self.down(F.silu(self.gate(x)) * self.up(x))


class Router(nn.Module):
    def __init__(self, d, n_experts, top_k):
        super().__init__()
        self.w = nn.Linear(d, n_experts, bias=False)
        self.expert_bias = nn.Parameter(torch.zeros(n_experts), requires_grad=False)
        self.top_k = top_k

    def forward(self, x):
        logits = self.w(x)
        weights, idx = torch.topk(logits + self.expert_bias, self.top_k, dim=-1)
        return F.softmax(weights, dim=-1), idx


class MoE(nn.Module):
    def __init__(self, cfg: MoEConfig):
        super().__init__()
        self.router = Router(cfg.d_model, cfg.n_experts, cfg.top_k)
        self.experts = nn.ModuleList(Expert(cfg.d_model, cfg.expert_hidden) for _ in range(cfg.n_experts))
        self.shared = (
            Expert(cfg.d_model, cfg.expert_hidden * cfg.n_shared) if cfg.n_shared else None
        )

    def forward(self, x):
        shape = x.shape
        x = x.reshape(-1, shape[-1])
        w, idx = self.router(x)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            rows, slot = torch.where(idx == e)
            if rows.numel():
                out[rows] += w[rows, slot, None] * expert(x[rows])
        if self.shared is not None:
            out = out + self.shared(x)
        return out.view(shape)


class Block(nn.Module):
    def __init__(self, cfg, use_moe):
        super().__init__()
        self.n1 = nn.LayerNorm(cfg.d_model)
        self.attn = nn.MultiheadAttention(cfg.d_model, cfg.n_heads, bias=False, batch_first=True)
        self.n2 = nn.LayerNorm(cfg.d_model)
        self.ffn = MoE(cfg) if use_moe else Expert(cfg.d_model, 4 * cfg.d_model)

    def forward(self, x):
        h = self.n1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ffn(self.n2(x))


class MoELM(nn.Module):
    def __init__(self, cfg: MoEConfig):
        super().__init__()
        self.embed = nn.Embedding(cfg.vocab, cfg.d_model)
        self.blocks = nn.ModuleList(
            Block(cfg, use_moe=(i % cfg.moe_every == cfg.moe_every - 1)) for i in range(cfg.n_layers)
        )
        self.norm = nn.LayerNorm(cfg.d_model)
        self.head = nn.Linear(cfg.d_model, cfg.vocab, bias=False)

    def forward(self, ids):
        x = self.embed(ids)
        for b in self.blocks:
            x = b(x)
        return self.head(self.norm(x))


model = MoELM(MoEConfig(n_experts=6, top_k=2, n_shared=2))
