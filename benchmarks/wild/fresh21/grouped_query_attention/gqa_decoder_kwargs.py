"""Decoder layers from a kwargs dict with per-layer kv_heads overrides (a 'kv schedule')."""

import torch.nn as nn
from grouped_query_attention_pytorch.transformer import GQATransformerDecoderLayer

BASE = dict(d_model=32, nhead=4, dim_feedforward=64, dropout=0.0)
KV_SCHEDULE = (4, 2, 1)

model = nn.ModuleList(GQATransformerDecoderLayer(**{**BASE, "kv_heads": kv}) for kv in KV_SCHEDULE)
