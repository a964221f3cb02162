import torch.nn as nn

requested = [3, 5, 3, 7, 5, 1]
kernels = sorted(frozenset(requested))  # duplicates collapse: 1, 3, 5, 7


class MultiKernel(nn.Module):
    def __init__(self, cin=8, cout=16):
        super().__init__()
        self.branches = nn.ModuleList(nn.Conv2d(cin, cout, k, padding=k // 2) for k in kernels)
        self.fuse = nn.Conv2d(cout * len(kernels), cout, 1)


model = MultiKernel()
