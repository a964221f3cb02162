"""A plain MLP prepared for 8-bit-activation / 4-bit-weight QAT by torchao's legacy quantizer (linears swapped)."""

import torch.nn as nn
from torchao.quantization.qat import Int8DynActInt4WeightQATQuantizer


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.Linear(64, 256, bias=False)
        self.down = nn.Linear(256, 64, bias=False)
        self.norm = nn.RMSNorm(64)


model = Int8DynActInt4WeightQATQuantizer(groupsize=32).prepare(Head())
