"""A CW-network (cell complex message passing) for graph-level regression, readouts per rank."""

import torch
from topomodelx.nn.cell.cwn import CWN


class CWNRegressor(torch.nn.Module):
    def __init__(self, ch=(8, 4, 2), hid=32, layers=3, out=1):
        super().__init__()
        self.base = CWN(ch[0], ch[1], ch[2], hid_channels=hid, n_layers=layers)
        self.lin_0 = torch.nn.Linear(hid, out)
        self.lin_1 = torch.nn.Linear(hid, out)
        self.lin_2 = torch.nn.Linear(hid, out)


model = CWNRegressor()
