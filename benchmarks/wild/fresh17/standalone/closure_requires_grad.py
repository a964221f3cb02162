import torch.nn as nn


def make_adapter(d, r):
    def build():
        down = nn.Linear(d, r, bias=False)
        up = nn.Linear(r, d, bias=False)
        nn.init.zeros_(up.weight)
        return nn.Sequential(down, up)

    return build


class Frozen(nn.Module):
    def __init__(self, d=96, n=4, r=8):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(d, d) for _ in range(n))
        for p in self.layers.parameters():
            p.requires_grad_(False)
        factory = make_adapter(d, r)
        self.adapters = nn.ModuleList(factory() for _ in range(n))
        self.norm = nn.LayerNorm(d, elementwise_affine=False)
        self.head = nn.Linear(d, 2)


model = Frozen(r=4)
