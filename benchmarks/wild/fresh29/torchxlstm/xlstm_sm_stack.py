"""An xLSTM stack of two sLSTM and one mLSTM layer (torchxlstm), head size 8, 4 heads, then a vocabulary head."""

import torch.nn as nn
from torchxlstm import xLSTM


class CharModel(nn.Module):
    def __init__(self, vocab=96, width=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.core = xLSTM(
            input_size=width, head_size=8, num_heads=4, layers="ssm", batch_first=True
        )
        self.head = nn.Linear(width, vocab)


model = CharModel(vocab=96, width=32)
