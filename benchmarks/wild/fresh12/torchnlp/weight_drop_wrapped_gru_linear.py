"""WeightDrop applied to an existing GRU and Linear after construction (raw weights re-registered)."""

import torch.nn as nn
from torchnlp.nn import WeightDrop, WeightDropGRU, WeightDropLinear

gru = nn.GRU(20, 30, num_layers=2)
wrapped = WeightDrop(gru, ["weight_hh_l0", "weight_hh_l1"], dropout=0.2)
model = nn.ModuleDict(
    {
        "gru": wrapped,
        "gru2": WeightDropGRU(30, 30, num_layers=1, weight_dropout=0.1),
        "head": WeightDropLinear(30, 8, weight_dropout=0.3),
    }
)
