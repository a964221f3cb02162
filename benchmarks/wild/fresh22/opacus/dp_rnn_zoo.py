"""Three DP recurrent encoders (GRU, RNN, bidirectional LSTM) chosen per modality, in a ModuleDict."""

from opacus.layers import DPGRU, DPLSTM, DPRNN
from torch import nn

SPECS = {
    "audio": (DPGRU, dict(input_size=13, hidden_size=20, num_layers=1)),
    "imu": (
        DPRNN,
        dict(input_size=6, hidden_size=12, num_layers=2, nonlinearity="relu", bias=False),
    ),
    "text": (DPLSTM, dict(input_size=16, hidden_size=8, bidirectional=True)),
}


class Fusion(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoders = nn.ModuleDict({k: cls(**kw) for k, (cls, kw) in SPECS.items()})
        self.head = nn.Linear(20 + 12 + 16, 2)


model = Fusion()
