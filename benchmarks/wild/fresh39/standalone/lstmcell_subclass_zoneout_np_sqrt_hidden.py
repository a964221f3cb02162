# a user's zoneout LSTMCell subclass unrolled in a loop; hidden size from np.sqrt of a budget
import numpy as np
import torch.nn as nn


class ZoneoutLSTMCell(nn.LSTMCell):
    def __init__(self, input_size, hidden_size, zoneout=0.1):
        super().__init__(input_size, hidden_size)
        self.zoneout = zoneout


budget = 250_000
input_size = 80
hidden = int(np.sqrt(budget / 4)) // 8 * 8  # 248
cells = nn.ModuleList([ZoneoutLSTMCell(input_size if i == 0 else hidden, hidden) for i in range(2)])
model = nn.ModuleDict({"cells": cells, "proj": nn.Linear(hidden, input_size)})
