# closed-form continuous-time RNN for sensor regression
from ncps.torch import CfC
from torch import nn


class Net(nn.Module):
    def __init__(self, n_in=8, units=64, n_out=1):
        super().__init__()
        self.rnn = CfC(
            n_in,
            units,
            proj_size=n_out,
            backbone_units=128,
            backbone_layers=2,
            backbone_dropout=0.1,
        )

    def forward(self, x):
        y, _ = self.rnn(x)
        return y


model = Net()
