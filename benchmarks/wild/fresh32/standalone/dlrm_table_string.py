"""DLRM (Naumov et al.): bottom / top MLPs and embedding tables from the dash-separated strings of its CLI."""

import numpy as np
import torch.nn as nn

ARCH = {
    "arch_sparse_feature_size": "16",
    "arch_embedding_size": "120-45-8-300",
    "arch_mlp_bot": "13-64-16",
    "arch_mlp_top": "128-32-1",
    "arch_interaction_op": "dot",
    "arch_interaction_itself": False,
}


def create_mlp(ln, sigmoid_layer):
    layers = nn.ModuleList()
    for i in range(len(ln) - 1):
        n, m = int(ln[i]), int(ln[i + 1])
        layers.append(nn.Linear(n, m, bias=True))
        layers.append(nn.Sigmoid() if i == sigmoid_layer else nn.ReLU())
    return nn.Sequential(*layers)


class DLRM(nn.Module):
    def __init__(self, m_spa, ln_emb, ln_bot, ln_top, interaction_itself):
        super().__init__()
        self.emb_l = nn.ModuleList([nn.EmbeddingBag(int(n), m_spa, mode="sum") for n in ln_emb])
        self.bot_l = create_mlp(ln_bot, -1)
        self.top_l = create_mlp(ln_top, ln_top.size - 2)


m_spa = int(ARCH["arch_sparse_feature_size"])
ln_emb = np.fromstring(ARCH["arch_embedding_size"], dtype=int, sep="-")
ln_bot = np.fromstring(ARCH["arch_mlp_bot"], dtype=int, sep="-")
assert ln_bot[-1] == m_spa
num_fea = ln_emb.size + 1
offset = 1 if ARCH["arch_interaction_itself"] else 0
num_int = (num_fea * (num_fea - 1)) // 2 + offset * num_fea + m_spa
arch_mlp_top_adjusted = str(num_int) + "-" + ARCH["arch_mlp_top"]
ln_top = np.fromstring(arch_mlp_top_adjusted, dtype=int, sep="-")
model = DLRM(m_spa, ln_emb, ln_bot, ln_top, ARCH["arch_interaction_itself"])
