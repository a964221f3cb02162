"""A news classifier: a Fastformer body whose LM head is replaced by a class head."""

import torch.nn as nn
from fast_transformer_pytorch import FastTransformer

body = FastTransformer(num_tokens=30000, dim=256, depth=4, max_seq_len=512, heads=8, dim_head=32)
body.to_logits = nn.Sequential(nn.LayerNorm(256), nn.Linear(256, 14))

model = body
