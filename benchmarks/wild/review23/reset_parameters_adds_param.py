import torch
import torch.nn as nn


class Scaled(nn.Linear):
    def reset_parameters(self):
        super().reset_parameters()
        if not hasattr(self, "scale"):
            self.scale = nn.Parameter(torch.ones(self.out_features))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = Scaled(4, 6)
