"""Flamingo-PaLM fed precomputed image embeddings: the image encoder is an identity."""

import torch.nn as nn
from flamingo_pytorch import FlamingoPaLM

model = FlamingoPaLM(
    num_tokens=2000,
    dim=128,
    depth=4,
    heads=4,
    dim_head=32,
    cross_attn_every=2,
    perceiver_num_latents=16,
    perceiver_depth=1,
    img_encoder=nn.Identity(),
)
