import torch.nn as nn


class Tower(nn.Module):
    def __init__(self, d_in, d):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d)
        self.fc2 = nn.Linear(d, d)


class Siamese(nn.Module):
    def __init__(self, d_in, d):
        super().__init__()
        shared = Tower(d_in, d)
        self.left = shared
        self.right = shared  # same module twice
        self.query = Tower(d_in, d)
        # tie only the second layer's weight of the query tower to the shared tower
        self.query.fc2.weight = shared.fc2.weight
        self.cmp = nn.Bilinear(d, d, 1)


model = Siamese(d_in=16, d=24)
