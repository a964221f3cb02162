"""A stack of Remixer blocks (the paper's replacement for attention), sequence length 1024."""

import torch.nn as nn
from remixer_pytorch import RemixerBlock

model = nn.Sequential(
    *[RemixerBlock(dim=512, seq_len=1024, causal=False, bias=False) for _ in range(6)]
)
