"""R-GCN with basis decomposition: each layer holds num_bases basis matrices and a per-relation
coefficient table instead of one weight per relation, plus a self-loop weight and a bias."""

import torch
import torch.nn as nn


class RGCNLayer(nn.Module):
    def __init__(self, in_feat, out_feat, num_rels, num_bases=-1, self_loop=True, bias=True):
        super().__init__()
        if num_bases <= 0 or num_bases > num_rels:
            num_bases = num_rels
        self.weight = nn.Parameter(torch.empty(num_bases, in_feat, out_feat))
        if num_bases < num_rels:
            self.w_comp = nn.Parameter(torch.empty(num_rels, num_bases))
        self.loop_weight = nn.Parameter(torch.empty(in_feat, out_feat)) if self_loop else None
        self.h_bias = nn.Parameter(torch.zeros(out_feat)) if bias else None
        nn.init.xavier_uniform_(self.weight)


class EntityClassify(nn.Module):
    def __init__(
        self, num_nodes=3000, h_dim=16, out_dim=4, num_rels=46, num_bases=10, num_hidden_layers=1
    ):
        super().__init__()
        self.embed = nn.Embedding(num_nodes, h_dim)
        self.layers = nn.ModuleList([RGCNLayer(h_dim, h_dim, num_rels * 2, num_bases)])
        self.layers.extend(
            RGCNLayer(h_dim, h_dim, num_rels * 2, num_bases) for _ in range(num_hidden_layers)
        )
        self.layers.append(RGCNLayer(h_dim, out_dim, num_rels * 2, num_bases, self_loop=False))


model = EntityClassify()
