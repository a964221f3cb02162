"""A fake-quantized embedding table with a padding row, and a fake-quantized tied-size classifier."""

import torch
import torch.nn as nn
from torchao.quantization.qat import (
    FakeQuantizedEmbedding,
    FakeQuantizedLinear,
    IntxFakeQuantizeConfig,
)

cfg = IntxFakeQuantizeConfig(dtype=torch.int4, group_size=8, is_symmetric=True)


class Lm(nn.Module):
    def __init__(self):
        super().__init__()
        self.tok = FakeQuantizedEmbedding(300, 48, padding_idx=0, weight_config=cfg)
        self.proj = FakeQuantizedLinear(48, 300, False, None, cfg)


model = Lm()
