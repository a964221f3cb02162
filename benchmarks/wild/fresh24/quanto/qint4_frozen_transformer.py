"""A small TransformerEncoder whose feed-forward Linears are quantized to int4 and frozen (packed weights)."""

import torch.nn as nn
from optimum.quanto import freeze, qint4, quantize

layer = nn.TransformerEncoderLayer(d_model=64, nhead=4, dim_feedforward=256, batch_first=True)
model = nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)
quantize(model, qint4, include=["*linear1", "*linear2"])
freeze(model)
