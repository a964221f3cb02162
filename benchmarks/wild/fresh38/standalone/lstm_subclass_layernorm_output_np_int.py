# user repo: an LSTM subclass with a LayerNorm on its output; sizes are numpy integers from a config array
import numpy as np
import torch.nn as nn


class NormedLSTM(nn.LSTM):
    def __init__(self, input_size, hidden_size, num_layers, bidirectional):
        super().__init__(
            input_size,
            hidden_size,
            num_layers=num_layers,
            batch_first=True,
            bidirectional=bidirectional,
        )
        self.norm = nn.LayerNorm(hidden_size * (2 if bidirectional else 1))

    def forward(self, x, hx=None):
        out, state = super().forward(x, hx)
        return self.norm(out), state


cfg = np.array([40, 128, 2])  # n_mels, hidden, layers
model = NormedLSTM(int(cfg[0]), int(cfg[1]), int(cfg[2]), bidirectional=True)
