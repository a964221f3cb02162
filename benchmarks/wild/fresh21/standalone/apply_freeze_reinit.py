"""Model.apply-based init that also deletes biases (set to None) of linear layers feeding a norm."""

import torch.nn as nn


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.fc = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d)
        self.out = nn.Linear(d, d)

    def forward(self, x):
        return x + self.out(self.norm(self.fc(x)).relu())


model = nn.Sequential(nn.Linear(7, 48), *[Block(48) for _ in range(3)], nn.Linear(48, 2))


def surgery(m):
    if isinstance(m, Block):
        m.fc.bias = None  # the LayerNorm after it makes this bias redundant
    elif isinstance(m, nn.LayerNorm):
        nn.init.ones_(m.weight)


model.apply(surgery)
for p in model[0].parameters():
    p.requires_grad_(False)
