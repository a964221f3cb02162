"""torch.nn.utils.parametrizations: weight_norm (weight split into original0 = g and original1 = v),
orthogonal on a square recurrence, and one weight norm removed again with leave_parametrized=True."""

import torch.nn as nn
from torch.nn.utils import parametrize
from torch.nn.utils.parametrizations import orthogonal, weight_norm


class TCNBlock(nn.Module):
    def __init__(self, cin, cout, dilation):
        super().__init__()
        self.conv1 = weight_norm(nn.Conv1d(cin, cout, 3, padding=dilation, dilation=dilation))
        self.conv2 = weight_norm(nn.Conv1d(cout, cout, 3, padding=dilation, dilation=dilation))
        self.down = nn.Conv1d(cin, cout, 1) if cin != cout else None


class Net(nn.Module):
    def __init__(self, cin=6, hidden=32, levels=3):
        super().__init__()
        self.blocks = nn.ModuleList(
            TCNBlock(cin if i == 0 else hidden, hidden, 2**i) for i in range(levels)
        )
        self.recur = orthogonal(nn.Linear(hidden, hidden, bias=False))
        self.out = weight_norm(nn.Linear(hidden, 4), dim=None)


model = Net()
parametrize.remove_parametrizations(model.blocks[0].conv2, "weight", leave_parametrized=True)
