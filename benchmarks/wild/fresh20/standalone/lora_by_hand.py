"""A LoRA adapter written by hand: base Linear layers frozen and replaced in place by wrappers."""

import torch
import torch.nn as nn


class LoRA(nn.Module):
    def __init__(self, base: nn.Linear, r=4):
        super().__init__()
        self.base = base
        self.base.requires_grad_(False)
        self.A = nn.Parameter(torch.zeros(r, base.in_features))
        self.B = nn.Parameter(torch.zeros(base.out_features, r))


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(32, 128)
        self.fc2 = nn.Linear(128, 128)
        self.fc3 = nn.Linear(128, 10)


model = Mlp()
for name, child in list(model.named_children()):
    if name != "fc3":
        setattr(model, name, LoRA(child, r=8 if name == "fc1" else 2))
