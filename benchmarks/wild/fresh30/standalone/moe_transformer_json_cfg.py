"""A small MoE transformer configured from a JSON string: top-2 router, 4 experts per layer, every other layer MoE."""

import json

import torch.nn as nn

CONFIG = """
{"vocab": 512, "dim": 64, "layers": 4, "heads": 4, "experts": 4, "top_k": 2,
 "moe_every": 2, "ffn_mult": 2}
"""


class Expert(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden, bias=False)
        self.w2 = nn.Linear(hidden, dim, bias=False)
        self.act = nn.SiLU()


class MoE(nn.Module):
    def __init__(self, dim, hidden, n_experts, top_k):
        super().__init__()
        self.top_k = top_k
        self.router = nn.Linear(dim, n_experts, bias=False)
        self.experts = nn.ModuleList(Expert(dim, hidden) for _ in range(n_experts))


class Block(nn.Module):
    def __init__(self, cfg, use_moe):
        super().__init__()
        d = cfg["dim"]
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, cfg["heads"], batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        hidden = d * cfg["ffn_mult"]
        if use_moe:
            self.ffn = MoE(d, hidden, cfg["experts"], cfg["top_k"])
        else:
            self.ffn = Expert(d, hidden)


class MoETransformer(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Embedding(cfg["vocab"], cfg["dim"])
        self.blocks = nn.ModuleList(
            Block(cfg, use_moe=(i % cfg["moe_every"] == cfg["moe_every"] - 1))
            for i in range(cfg["layers"])
        )
        self.norm = nn.LayerNorm(cfg["dim"])
        self.head = nn.Linear(cfg["dim"], cfg["vocab"], bias=False)


model = MoETransformer(json.loads(CONFIG))
