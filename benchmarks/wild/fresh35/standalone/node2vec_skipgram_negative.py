import torch.nn as nn


class SkipGram(nn.Module):
    def __init__(self, num_nodes, dim=128, sparse=True):
        super().__init__()
        self.center = nn.Embedding(num_nodes, dim, sparse=sparse)
        self.context = nn.Embedding(num_nodes, dim, sparse=sparse)


walk_length, context_size = 20, 10
assert walk_length >= context_size
model = SkipGram(num_nodes=2708, dim=64)
