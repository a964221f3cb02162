# TCN with weight_norm as a parametrization (original0 / original1 replace weight)
from torch import nn
from torch.nn.utils.parametrizations import weight_norm


class TemporalBlock(nn.Module):
    def __init__(self, cin, cout, k, dilation):
        super().__init__()
        pad = (k - 1) * dilation
        self.conv1 = weight_norm(nn.Conv1d(cin, cout, k, padding=pad, dilation=dilation))
        self.conv2 = weight_norm(nn.Conv1d(cout, cout, k, padding=pad, dilation=dilation))
        self.down = nn.Conv1d(cin, cout, 1) if cin != cout else None


class TCN(nn.Module):
    def __init__(self, n_in=1, channels=(25, 25, 25, 25), k=7):
        super().__init__()
        layers = []
        for i, c in enumerate(channels):
            layers.append(TemporalBlock(n_in if i == 0 else channels[i - 1], c, k, 2**i))
        self.net = nn.Sequential(*layers)
        self.fc = nn.Linear(channels[-1], 10)


model = TCN()
