# a GRUCell subclass that layer-normalises its input and new state (a world-model habit)
import torch.nn as nn


class NormGRUCell(nn.GRUCell):
    def __init__(self, input_size, hidden_size):
        super().__init__(input_size, hidden_size, bias=False)
        self.in_norm = nn.LayerNorm(input_size)
        self.out_norm = nn.LayerNorm(hidden_size)

    def forward(self, x, h=None):
        return self.out_norm(super().forward(self.in_norm(x), h))


class Recurrent(nn.Module):
    def __init__(self, stoch=32, classes=16, deter=200, action_dim=6):
        super().__init__()
        self.img_in = nn.Linear(stoch * classes + action_dim, deter)
        self.cell = NormGRUCell(deter, deter)
        self.prior = nn.Linear(deter, stoch * classes)


model = Recurrent(stoch=32, classes=16, deter=200, action_dim=6)
