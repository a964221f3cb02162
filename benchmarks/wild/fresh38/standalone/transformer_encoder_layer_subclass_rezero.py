# user repo: a TransformerEncoderLayer subclass adding a ReZero gate; ffn width from math.floor(8/3 d)
import math

import torch
import torch.nn as nn


class ReZeroEncoderLayer(nn.TransformerEncoderLayer):
    def __init__(self, d_model, nhead, **kw):
        ffn = 64 * math.floor(8 * d_model / 3 / 64)
        super().__init__(d_model, nhead, dim_feedforward=ffn, batch_first=True, **kw)
        self.alpha = nn.Parameter(torch.zeros(1))


d_model = 192
model = nn.ModuleList(ReZeroEncoderLayer(d_model, nhead=6, dropout=0.0) for _ in range(3))
