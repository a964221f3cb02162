# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn


def make_spec(w):
    class Spec:
        width = w

    return Spec


SPECS = [make_spec(8), make_spec(32), make_spec(16)]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict()
        for s in SPECS:
            key = s.__qualname__.replace(".", "_").replace("<", "").replace(">", "")
            self.heads[key] = nn.Linear(s.width, s.width)


model = M()
