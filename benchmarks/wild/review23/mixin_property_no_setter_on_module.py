import torch.nn as nn


class DimMixin:
    @property
    def out_dim(self):
        return self.fc.out_features


class Net(DimMixin, nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 5)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.n = Net()
        try:
            self.n.out_dim = 9
        except AttributeError:
            pass
        self.h = nn.Linear(self.n.out_dim, 1)
