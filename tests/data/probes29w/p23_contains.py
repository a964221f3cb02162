# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


class Prefixes:
    def __init__(self, *p):
        self.p = p

    def __contains__(self, name):
        return any(name.startswith(x) for x in self.p)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        keep = Prefixes("enc", "head")
        names = ["enc1", "dec1", "head", "encoder2", "mid"]
        self.layers = nn.ModuleDict({n: nn.Linear(8, 8) for n in names if n in keep})
        self.extra = nn.Linear(4, 4) if "dec" not in keep else nn.Linear(4, 40)


model = M()
