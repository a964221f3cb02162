import torch
import torch.nn as nn


class CrossNetMix(nn.Module):
    """DCN-V2's cross network with a mixture of low-rank experts: per layer, U, V, C matrices
    of every expert held as ParameterLists, a gate per expert."""

    def __init__(self, in_features, low_rank=32, num_experts=4, layer_num=2):
        super().__init__()
        self.layer_num = layer_num
        self.num_experts = num_experts
        self.U_list = nn.ParameterList([nn.Parameter(torch.empty(num_experts, in_features, low_rank)) for _ in range(layer_num)])
        self.V_list = nn.ParameterList([nn.Parameter(torch.empty(num_experts, in_features, low_rank)) for _ in range(layer_num)])
        self.C_list = nn.ParameterList([nn.Parameter(torch.empty(num_experts, low_rank, low_rank)) for _ in range(layer_num)])
        self.gating = nn.ModuleList([nn.Linear(in_features, 1, bias=False) for _ in range(num_experts)])
        self.bias = nn.ParameterList([nn.Parameter(torch.zeros(in_features, 1)) for _ in range(layer_num)])


class DCNv2(nn.Module):
    def __init__(self, vocab_sizes, embed_dim=16, n_dense=13, deep=(256, 128)):
        super().__init__()
        self.embeddings = nn.ModuleList([nn.Embedding(v, embed_dim) for v in vocab_sizes])
        in_features = len(vocab_sizes) * embed_dim + n_dense
        self.cross = CrossNetMix(in_features, low_rank=16, num_experts=3, layer_num=3)
        layers, d = [], in_features
        for h in deep:
            layers += [nn.Linear(d, h), nn.BatchNorm1d(h), nn.ReLU()]
            d = h
        self.deep = nn.Sequential(*layers)
        self.head = nn.Linear(in_features + d, 1)


model = DCNv2(vocab_sizes=[100, 200, 50, 30, 1000, 12], embed_dim=8, n_dense=13, deep=(64, 32))
