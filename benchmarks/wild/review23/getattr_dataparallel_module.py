import torch.nn as nn


class Parallel(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)
        self.out_dim = 6


def unwrap(m):
    return m.module if hasattr(m, "module") else m


class M(nn.Module):
    def __init__(self):
        super().__init__()
        net = Parallel(Net())
        self.net = net
        self.head = nn.Linear(unwrap(net).out_dim, 2)
        self.head2 = nn.Linear(unwrap(nn.Linear(3, 5)).out_features, 2)
