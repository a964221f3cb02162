"""Medusa decoding heads on a frozen base LM: each head is a residual block that reuses the LM head."""

import torch.nn as nn


class TinyLM(nn.Module):
    def __init__(self, vocab=1000, dim=64, layers=2, heads=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        layer = nn.TransformerEncoderLayer(dim, heads, dim * 4, batch_first=True, norm_first=True)
        self.body = nn.TransformerEncoder(layer, layers)
        self.norm = nn.LayerNorm(dim)
        self.lm_head = nn.Linear(dim, vocab, bias=False)


class ResBlock(nn.Module):
    def __init__(self, hidden_size):
        super().__init__()
        self.linear = nn.Linear(hidden_size, hidden_size)
        nn.init.zeros_(self.linear.weight)
        self.act = nn.SiLU()

    def forward(self, x):
        return x + self.act(self.linear(x))


class MedusaHead(nn.Module):
    def __init__(self, hidden, lm_head, num_layers=1):
        super().__init__()
        self.blocks = nn.Sequential(*[ResBlock(hidden) for _ in range(num_layers)])
        # the base model's unembedding, shared (not copied) by every head
        self.lm_head = lm_head

    def forward(self, h):
        return self.lm_head(self.blocks(h))


class MedusaModel(nn.Module):
    def __init__(self, base, medusa_num_heads=4, medusa_num_layers=1):
        super().__init__()
        self.base_model = base
        for p in self.base_model.parameters():
            p.requires_grad = False
        hidden = base.lm_head.in_features
        self.medusa_head = nn.ModuleList(
            MedusaHead(hidden, base.lm_head, medusa_num_layers) for _ in range(medusa_num_heads)
        )


model = MedusaModel(
    TinyLM(vocab=1000, dim=64, layers=2, heads=4), medusa_num_heads=4, medusa_num_layers=1
)
