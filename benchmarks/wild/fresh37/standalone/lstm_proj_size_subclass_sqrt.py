# an LSTM subclass that picks its projection size as sqrt(hidden) rounded, plus a dropout on outputs
import math

import torch.nn as nn


class ProjectedLSTM(nn.LSTM):
    def __init__(self, input_size, hidden_size, num_layers=2, bidirectional=False, p=0.1):
        proj = int(round(math.sqrt(hidden_size))) * 4
        super().__init__(
            input_size,
            hidden_size,
            num_layers=num_layers,
            batch_first=True,
            bidirectional=bidirectional,
            proj_size=proj,
        )
        self.out_drop = nn.Dropout(p)

    def forward(self, x, hx=None):
        y, state = super().forward(x, hx)
        return self.out_drop(y), state


encoder = ProjectedLSTM(80, 400, num_layers=3, bidirectional=True)
model = nn.ModuleDict({"encoder": encoder, "classifier": nn.Linear(2 * encoder.proj_size, 40)})
