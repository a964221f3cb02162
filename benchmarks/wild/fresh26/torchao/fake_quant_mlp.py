"""An MLP of torchao fake-quantized linears (int8 per-token activations, int4 per-group weights)."""

import torch
import torch.nn as nn
from torchao.quantization.qat import FakeQuantizedLinear, IntxFakeQuantizeConfig

act_cfg = IntxFakeQuantizeConfig(dtype=torch.int8, granularity="per_token", is_symmetric=False)
w_cfg = IntxFakeQuantizeConfig(dtype=torch.int4, group_size=16, is_symmetric=True)

model = nn.Sequential(
    FakeQuantizedLinear(64, 128, True, act_cfg, w_cfg),
    nn.GELU(),
    FakeQuantizedLinear(128, 32, False, act_cfg, w_cfg),
    nn.LayerNorm(32),
)
