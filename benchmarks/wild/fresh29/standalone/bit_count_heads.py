"""Head count from `int.bit_count` of a head-enable mask; the width per head from `int.bit_length`."""

import torch.nn as nn

mask = 0b1011_0110
heads = mask.bit_count()  # 5
head_dim = (mask >> 4).bit_length() * 2  # 0b1011 -> 4 bits -> 8
model = nn.MultiheadAttention(heads * head_dim, heads)
