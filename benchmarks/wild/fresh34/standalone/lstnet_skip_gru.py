import torch.nn as nn


class LSTNet(nn.Module):
    def __init__(
        self,
        n_series,
        window=168,
        hid_cnn=100,
        hid_rnn=100,
        hid_skip=5,
        cnn_kernel=6,
        skip=24,
        highway_window=24,
    ):
        super().__init__()
        self.pt = (window - cnn_kernel) // skip
        self.conv1 = nn.Conv2d(1, hid_cnn, kernel_size=(cnn_kernel, n_series))
        self.gru1 = nn.GRU(hid_cnn, hid_rnn)
        self.skip = skip
        if skip > 0:
            self.gru_skip = nn.GRU(hid_cnn, hid_skip)
            self.linear1 = nn.Linear(hid_rnn + skip * hid_skip, n_series)
        else:
            self.linear1 = nn.Linear(hid_rnn, n_series)
        if highway_window > 0:
            self.highway = nn.Linear(highway_window, 1)


model = LSTNet(
    n_series=8,
    window=48,
    hid_cnn=16,
    hid_rnn=32,
    hid_skip=4,
    cnn_kernel=6,
    skip=12,
    highway_window=12,
)
