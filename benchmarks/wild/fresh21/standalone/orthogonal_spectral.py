"""Built-in parametrizations: orthogonal recurrent weight, spectral-normed discriminator, weight_norm head."""

import torch.nn as nn
from torch.nn.utils import parametrizations as P


class Disc(nn.Module):
    def __init__(self, ch=32):
        super().__init__()
        self.c1 = P.spectral_norm(nn.Conv2d(3, ch, 4, 2, 1))
        self.c2 = P.spectral_norm(nn.Conv2d(ch, ch * 2, 4, 2, 1))
        self.rnn = nn.RNN(ch * 2, ch, batch_first=True)
        P.orthogonal(self.rnn, "weight_hh_l0")
        self.out = P.weight_norm(nn.Linear(ch, 1))

    def forward(self, x):
        h = self.c2(self.c1(x).relu()).relu().flatten(2).transpose(1, 2)
        return self.out(self.rnn(h)[0][:, -1])


model = Disc(ch=16)
