"""Three sLSTM blocks (torchxlstm) of growing head counts kept in a ModuleList, with a LayerNorm after each."""

import torch.nn as nn
from torchxlstm import sLSTMBlock

blocks = []
for heads in (1, 2, 4):
    blocks.append(sLSTMBlock(input_size=16, head_size=4, num_heads=heads, proj_factor=2.0))
    blocks.append(nn.LayerNorm(16))
model = nn.ModuleList(blocks)
