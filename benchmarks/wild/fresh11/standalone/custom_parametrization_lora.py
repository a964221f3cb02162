"""LoRA written as a torch.nn.utils.parametrize parametrization (the parametrization module owns the
low-rank A and B parameters); attached to the q and v projections of a frozen attention stack."""

import torch
import torch.nn as nn
import torch.nn.utils.parametrize as parametrize


class LoRAParametrization(nn.Module):
    def __init__(self, fan_in, fan_out, rank=4, alpha=8):
        super().__init__()
        self.lora_A = nn.Parameter(torch.zeros(rank, fan_in))
        self.lora_B = nn.Parameter(torch.zeros(fan_out, rank))
        self.scale = alpha / rank

    def forward(self, W):
        return W + (self.lora_B @ self.lora_A) * self.scale


class Attn(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)
        self.v = nn.Linear(dim, dim)
        self.o = nn.Linear(dim, dim)


def add_lora(layer, rank):
    fan_out, fan_in = layer.weight.shape
    parametrize.register_parametrization(
        layer, "weight", LoRAParametrization(fan_in, fan_out, rank=rank)
    )


model = nn.ModuleList(Attn(48) for _ in range(3))
for p in model.parameters():
    p.requires_grad_(False)
for attn in model:
    add_lora(attn.q, rank=4)
    add_lora(attn.v, rank=8)
