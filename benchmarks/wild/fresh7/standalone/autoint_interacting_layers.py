import torch.nn as nn

FIELD_DIMS = [1000, 500, 24, 7, 50, 120, 3, 2000]


class InteractingLayer(nn.Module):
    def __init__(self, d, heads, att_dim):
        super().__init__()
        self.W_Q = nn.Linear(d, att_dim * heads, bias=False)
        self.W_K = nn.Linear(d, att_dim * heads, bias=False)
        self.W_V = nn.Linear(d, att_dim * heads, bias=False)
        self.W_Res = nn.Linear(d, att_dim * heads, bias=False)


class AutoInt(nn.Module):
    """AutoInt: one embedding table with field offsets, three multi-head interacting layers."""

    def __init__(self, embed_dim=16, heads=2, att_dim=32, num_layers=3):
        super().__init__()
        self.embedding = nn.Embedding(sum(FIELD_DIMS), embed_dim)
        self.linear = nn.Embedding(sum(FIELD_DIMS), 1)
        dims = [embed_dim] + [att_dim * heads] * num_layers
        self.layers = nn.ModuleList(
            InteractingLayer(dims[i], heads, att_dim) for i in range(num_layers)
        )
        self.fc = nn.Linear(len(FIELD_DIMS) * dims[-1], 1)


model = AutoInt()
