"""A tiny GPT whose attention projections are replaced by LoRA wrappers after construction: named_modules
walked, parent found with get_submodule on the dotted prefix, setattr on the child name; only names that
end with "c_attn" or "c_proj" inside "attn" are wrapped (rank 4, the base Linear kept inside)."""

import math

import torch
import torch.nn as nn


class LoRALinear(nn.Module):
    def __init__(self, base, rank, alpha):
        super().__init__()
        self.base = base
        self.scaling = alpha / rank
        self.lora_A = nn.Parameter(torch.zeros(rank, base.in_features))
        self.lora_B = nn.Parameter(torch.zeros(base.out_features, rank))
        nn.init.kaiming_uniform_(self.lora_A, a=math.sqrt(5))


class Attention(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.c_attn = nn.Linear(d, 3 * d)
        self.c_proj = nn.Linear(d, d)


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ln_1 = nn.LayerNorm(d)
        self.attn = Attention(d)
        self.ln_2 = nn.LayerNorm(d)
        self.mlp = nn.ModuleDict({"c_fc": nn.Linear(d, 4 * d), "c_proj": nn.Linear(4 * d, d)})


class GPT(nn.Module):
    def __init__(self, vocab=200, ctx=32, d=32, layers=3):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.wpe = nn.Embedding(ctx, d)
        self.h = nn.ModuleList(Block(d) for _ in range(layers))
        self.ln_f = nn.LayerNorm(d)


def inject_lora(net, rank=4, alpha=8, targets=("c_attn", "c_proj")):
    for name, module in list(net.named_modules()):
        if isinstance(module, nn.Linear) and name.split(".")[-1] in targets and ".attn." in name:
            parent_name, _, child = name.rpartition(".")
            setattr(net.get_submodule(parent_name), child, LoRALinear(module, rank, alpha))
    return net


model = inject_lora(GPT(vocab=200, ctx=32, d=32, layers=3), rank=4, alpha=8)
