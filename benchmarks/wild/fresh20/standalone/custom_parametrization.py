"""A custom parametrization (symmetric weights) and tying through a property."""

import torch.nn as nn
import torch.nn.utils.parametrize as P


class Symmetric(nn.Module):
    def forward(self, x):
        return x.triu() + x.triu(1).transpose(-1, -2)


class Net(nn.Module):
    def __init__(self, d=32, vocab=300):
        super().__init__()
        self.embed = nn.Embedding(vocab, d)
        self.mix = nn.Linear(d, d)
        P.register_parametrization(self.mix, "weight", Symmetric())
        self.out = nn.Linear(d, vocab)
        self.out.weight = self.tied

    @property
    def tied(self):
        return self.embed.weight


model = Net()
