import numpy as np
import torch.nn as nn

ratios = np.array([0.5, 1.5, 2.5, -1.5])
# np.rint rounds half to even: 0, 2, 2, -2; np.fix truncates toward zero: 0, 1, 2, -1
even = np.rint(ratios * 1.0).astype(int)
toward_zero = np.fix(ratios).astype(int)


class Net(nn.Module):
    def __init__(self, base=8):
        super().__init__()
        widths = [base * (1 + abs(int(e))) for e in even]
        kernels = [2 * abs(int(t)) + 1 for t in toward_zero]
        layers, c = [], 1
        for w, k in zip(widths, kernels):
            layers.append(nn.Conv1d(c, w, k, padding=k // 2))
            c = w
        self.body = nn.Sequential(*layers)


model = Net(base=6)
