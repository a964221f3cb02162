"""Temporal fusion transformer pieces: a variable selection network over three inputs and attention."""

import torch.nn as nn
from pytorch_forecasting.models.temporal_fusion_transformer.sub_modules import (
    GateAddNorm,
    InterpretableMultiHeadAttention,
    VariableSelectionNetwork,
)

hidden = 16
model = nn.ModuleDict(
    {
        "select": VariableSelectionNetwork(
            input_sizes={"price": 1, "volume": 1, "weekday": 8}, hidden_size=hidden, dropout=0.1
        ),
        "attention": InterpretableMultiHeadAttention(n_head=4, d_model=hidden, dropout=0.1),
        "post": GateAddNorm(hidden, dropout=0.1, trainable_add=True),
    }
)
