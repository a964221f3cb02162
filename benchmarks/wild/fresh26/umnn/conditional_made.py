"""A plain MADE and a conditional MADE side by side, as the autoregressive conditioners of a flow."""

import torch.nn as nn
from UMNN.made import MADE, ConditionnalMADE


class Conditioners(nn.Module):
    def __init__(self, nin, cond_in, hidden):
        super().__init__()
        self.plain = MADE(nin, hidden, nin * 2, num_masks=1, natural_ordering=True)
        self.cond = ConditionnalMADE(
            nin, cond_in, hidden[:1], (nin + cond_in) * 2, natural_ordering=True
        )


model = Conditioners(nin=5, cond_in=2, hidden=[24, 20])
