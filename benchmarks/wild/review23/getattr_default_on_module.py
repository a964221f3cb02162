import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        n = Net()
        self.n = n
        self.h = nn.Linear(getattr(n, "embed_dim", 7), getattr(n.fc, "out_features", 9))
