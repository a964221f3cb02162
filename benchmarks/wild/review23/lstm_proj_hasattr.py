import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.LSTM(4, 6, num_layers=2, proj_size=3, bidirectional=True)
        self.out = nn.Linear(2 * (self.rnn.proj_size or self.rnn.hidden_size), 2)
