"""Precipitation nowcasting: stacked ConvLSTM encoder + 1x1 conv readout."""

import torch.nn as nn
from conv_lstm import ConvLSTM


class Nowcaster(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = ConvLSTM(
            input_dim=1, hidden_dim=[16, 16, 8], kernel_size=3, num_layers=3, batch_first=True
        )
        self.out = nn.Conv2d(8, 1, kernel_size=1)

    def forward(self, x):
        layer_outputs, _ = self.rnn(x)
        return self.out(layer_outputs[-1][:, -1])


model = Nowcaster()
