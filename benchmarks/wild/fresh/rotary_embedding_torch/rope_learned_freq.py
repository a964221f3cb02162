"""rotary_embedding_torch: learned frequencies (a parameter) with xpos, alone and in a module (fresh batch, benchmarks/wild/fresh)."""

import torch.nn as nn
from rotary_embedding_torch import RotaryEmbedding


class PosEncoder(nn.Module):
    def __init__(self, dim_head):
        super().__init__()
        self.rope = RotaryEmbedding(dim=dim_head // 2, learned_freq=True)
        self.pixel_rope = RotaryEmbedding(dim=dim_head // 4, freqs_for="pixel", max_freq=256)
        self.proj = nn.Linear(dim_head, dim_head)


model = PosEncoder(dim_head=64)
