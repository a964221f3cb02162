"""An encoder stack of grouped-query-attention layers (8 query heads sharing 2 KV heads)."""

import torch.nn as nn
from grouped_query_attention_pytorch.transformer import GQATransformerEncoderLayer

model = nn.Sequential(
    *[
        GQATransformerEncoderLayer(
            d_model=64, nhead=8, kv_heads=2, dim_feedforward=128, dropout=0.0
        )
        for _ in range(2)
    ]
)
