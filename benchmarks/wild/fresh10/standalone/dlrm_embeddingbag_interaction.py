"""DLRM: bottom MLP for dense features, EmbeddingBag tables, pairwise dot interaction, top MLP."""

import numpy as np
from torch import nn


def create_mlp(ln, sigmoid_layer=-1):
    layers = nn.ModuleList()
    for i in range(len(ln) - 1):
        n, m = int(ln[i]), int(ln[i + 1])
        layers.append(nn.Linear(n, m, bias=True))
        layers.append(nn.Sigmoid() if i == sigmoid_layer else nn.ReLU())
    return nn.Sequential(*layers)


class DLRM(nn.Module):
    def __init__(
        self, m_spa=16, ln_emb=(1000, 500, 2000, 50, 300), ln_bot="13-64-16", ln_top="64-32-1"
    ):
        super().__init__()
        ln_bot = np.fromstring(ln_bot, dtype=int, sep="-")
        num_fea = len(ln_emb) + 1
        num_int = (num_fea * (num_fea - 1)) // 2 + m_spa
        ln_top = np.array([num_int] + [int(x) for x in ln_top.split("-")[1:]])
        self.emb_l = nn.ModuleList(nn.EmbeddingBag(n, m_spa, mode="sum") for n in ln_emb)
        self.bot_l = create_mlp(ln_bot)
        self.top_l = create_mlp(ln_top, sigmoid_layer=len(ln_top) - 2)


model = DLRM()
