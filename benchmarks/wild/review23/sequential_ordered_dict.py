from collections import OrderedDict

import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        layers = OrderedDict()
        dims = [6, 5, 4]
        for i, (a, b) in enumerate(zip(dims, dims[1:])):
            layers[f"fc{i}"] = nn.Linear(a, b)
            layers[f"act{i}"] = nn.ReLU()
        layers.pop(f"act{len(dims) - 2}")
        self.net = nn.Sequential(layers)
        self.extra = nn.Linear(len(self.net), 1)
