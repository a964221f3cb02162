import copy

import torch.nn as nn


class Layer(nn.Module):
    def __init__(self, d, ff):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, 2, batch_first=True, bias=False)
        self.ff = nn.Sequential(nn.Linear(d, ff), nn.ReLU(), nn.Linear(ff, d))
        self.n1, self.n2 = nn.LayerNorm(d), nn.LayerNorm(d)


proto = Layer(48, 96)
stack = nn.ModuleList([copy.deepcopy(proto) for _ in range(3)])
stack.append(proto)  # the prototype itself is the 4th layer
stack.append(stack[0])  # and layer 0 repeated (shared)
model = nn.Sequential(nn.Linear(10, 48), *stack)
