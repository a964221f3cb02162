from collections import namedtuple

import torch.nn as nn

HParams = namedtuple("HParams", ["n_features", "conv_channels", "kernel", "lstm_hidden", "lstm_layers",
                                 "bidirectional", "n_out"])
hp = HParams(n_features=12, conv_channels=(32, 64), kernel=5, lstm_hidden=96, lstm_layers=2,
             bidirectional=True, n_out=3)


class ConvLSTM(nn.Module):
    def __init__(self, hp):
        super().__init__()
        convs, c = [], hp.n_features
        for ch in hp.conv_channels:
            convs += [nn.Conv1d(c, ch, hp.kernel, padding=hp.kernel // 2), nn.BatchNorm1d(ch), nn.ReLU()]
            c = ch
        self.conv = nn.Sequential(*convs)
        self.lstm = nn.LSTM(c, hp.lstm_hidden, num_layers=hp.lstm_layers, batch_first=True,
                            bidirectional=hp.bidirectional, dropout=0.1, proj_size=0)
        out_dim = hp.lstm_hidden * (2 if hp.bidirectional else 1)
        self.head = nn.Linear(out_dim, hp.n_out)


model = ConvLSTM(hp._replace(lstm_layers=3))
