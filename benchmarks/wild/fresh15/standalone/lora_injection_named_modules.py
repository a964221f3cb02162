"""LoRA injected by walking named_modules() and replacing matching Linears via setattr on the
parent; base weights frozen (they still count), only A/B are trainable."""

import math

import torch
import torch.nn as nn


class LoRALinear(nn.Module):
    def __init__(self, base: nn.Linear, r=8, alpha=16):
        super().__init__()
        self.base = base
        self.base.weight.requires_grad_(False)
        self.A = nn.Parameter(torch.empty(r, base.in_features))
        self.B = nn.Parameter(torch.zeros(base.out_features, r))
        nn.init.kaiming_uniform_(self.A, a=math.sqrt(5))
        self.scale = alpha / r


class Block(nn.Module):
    def __init__(self, d=256, h=4):
        super().__init__()
        self.q_proj = nn.Linear(d, d)
        self.k_proj = nn.Linear(d, d)
        self.v_proj = nn.Linear(d, d)
        self.o_proj = nn.Linear(d, d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)


class Encoder(nn.Module):
    def __init__(self, depth=4, d=256):
        super().__init__()
        self.blocks = nn.ModuleList(Block(d) for _ in range(depth))


def inject(root, targets=("q_proj", "v_proj"), r=8):
    for _name, mod in list(root.named_modules()):
        for child_name, child in list(mod.named_children()):
            if child_name in targets and isinstance(child, nn.Linear):
                setattr(mod, child_name, LoRALinear(child, r=r))
    return root


model = inject(Encoder(), r=4)
