from enum import StrEnum

import torch.nn as nn


class Act(StrEnum):
    RELU = "relu"
    GELU = "gelu"
    TANH = "tanh"


ACTS = {Act.RELU: nn.ReLU, Act.GELU: nn.GELU, Act.TANH: nn.Tanh}
WIDTH = {Act.RELU: 64, Act.GELU: 96, Act.TANH: 32}


class Branchy(nn.Module):
    def __init__(self, d_in=12, acts=("relu", "gelu")):
        super().__init__()
        self.branches = nn.ModuleDict()
        for name in acts:
            a = Act(name)
            self.branches[a.value] = nn.Sequential(
                nn.Linear(d_in, WIDTH[a]), ACTS[a](), nn.Linear(WIDTH[a], 1)
            )


model = Branchy(acts=["tanh", "gelu", "relu"])
