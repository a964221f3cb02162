# an nn.RNN subclass (ReLU nonlinearity, IRNN-style identity init) stacked with geomspace hidden sizes
import numpy as np
import torch
import torch.nn as nn


class IRNN(nn.RNN):
    def __init__(self, input_size, hidden_size):
        super().__init__(input_size, hidden_size, nonlinearity="relu", batch_first=True)
        with torch.no_grad():
            self.weight_hh_l0.copy_(torch.eye(hidden_size))


hidden = np.geomspace(32, 256, num=4).round().astype(int)  # 32, 64, 128, 256
rnns = nn.ModuleList()
prev = 28
for h in hidden:
    rnns.append(IRNN(prev, int(h)))
    prev = int(h)
model = nn.ModuleDict({"rnns": rnns, "readout": nn.Linear(prev, 10)})
