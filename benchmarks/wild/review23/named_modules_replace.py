# ruff: noqa: E701, B006, B007, B904 (written as library code is written)
import torch.nn as nn


class LoRALinear(nn.Module):
    def __init__(self, base, r=2):
        super().__init__()
        self.base = base
        self.A = nn.Linear(base.in_features, r, bias=False)
        self.B = nn.Linear(r, base.out_features, bias=False)


def inject(model, targets=("q", "v")):
    for name, mod in list(model.named_modules()):
        for child_name, child in list(mod.named_children()):
            if child_name in targets and isinstance(child, nn.Linear):
                setattr(mod, child_name, LoRALinear(child))
    return model


class Attn(nn.Module):
    def __init__(self, d=8):
        super().__init__()
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = inject(nn.ModuleList([Attn(), Attn(4)]))
