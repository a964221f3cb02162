import torch.nn as nn


class M(nn.Module):
    def __init__(self, use_proj=False):
        super().__init__()
        self.register_module("proj", None)
        self.register_parameter("scale", None)
        if not use_proj:
            self.proj = nn.Linear(3, 3)
        self.out = nn.Linear(3, 1 if self.scale is None else 5)
