import numpy as np
import torch.nn as nn

heads = np.array([1, 2])
dims = np.array([8, 16, 24])
# outer product: head x dim grid, flattened row-major
grid = np.outer(heads, dims).ravel()
# kron of two small factors: [2, 3] (x) [1, 4] = [2, 8, 3, 12]
scales = np.kron([2, 3], [1, 4])


class Net(nn.Module):
    def __init__(self, d_in):
        super().__init__()
        self.proj = nn.ModuleList(nn.Linear(d_in, int(g)) for g in grid)
        self.scale = nn.ModuleList(nn.Conv1d(int(s), int(s), 1) for s in scales)


model = Net(d_in=6)
