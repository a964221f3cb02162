"""LoRA in the style of the small reference libraries: an nn.Linear subclass with low-rank A and B."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class LoRALayer:
    def __init__(self, r: int, lora_alpha: int, lora_dropout: float, merge_weights: bool):
        self.r = r
        self.lora_alpha = lora_alpha
        self.lora_dropout = nn.Dropout(p=lora_dropout) if lora_dropout > 0.0 else (lambda x: x)
        self.merged = False
        self.merge_weights = merge_weights


class Linear(nn.Linear, LoRALayer):
    def __init__(self, in_features: int, out_features: int, r: int = 0, lora_alpha: int = 1,
                 lora_dropout: float = 0.0, fan_in_fan_out: bool = False, merge_weights: bool = True, **kwargs):
        nn.Linear.__init__(self, in_features, out_features, **kwargs)
        LoRALayer.__init__(self, r=r, lora_alpha=lora_alpha, lora_dropout=lora_dropout, merge_weights=merge_weights)
        self.fan_in_fan_out = fan_in_fan_out
        if r > 0:
            self.lora_A = nn.Parameter(self.weight.new_zeros((r, in_features)))
            self.lora_B = nn.Parameter(self.weight.new_zeros((out_features, r)))
            self.scaling = self.lora_alpha / self.r
            self.weight.requires_grad = False
        self.reset_parameters()

    def reset_parameters(self):
        nn.Linear.reset_parameters(self)
        if hasattr(self, "lora_A"):
            nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))
            nn.init.zeros_(self.lora_B)

    def forward(self, x: torch.Tensor):
        result = F.linear(x, self.weight, bias=self.bias)
        if self.r > 0 and not self.merged:
            result += (self.lora_dropout(x) @ self.lora_A.transpose(0, 1) @ self.lora_B.transpose(0, 1)) * self.scaling
        return result


class Adapted(nn.Module):
    def __init__(self, dim: int, hidden: int, n_classes: int, r: int):
        super().__init__()
        self.q = Linear(dim, dim, r=r, lora_alpha=16)
        self.v = Linear(dim, dim, r=r, lora_alpha=16, bias=False)
        self.ff = nn.Sequential(Linear(dim, hidden, r=0), nn.GELU(), nn.Linear(hidden, dim))
        self.head = nn.Linear(dim, n_classes)

    def forward(self, x):
        return self.head(self.ff(self.q(x) + self.v(x)))


model = Adapted(dim=64, hidden=128, n_classes=5, r=8)
