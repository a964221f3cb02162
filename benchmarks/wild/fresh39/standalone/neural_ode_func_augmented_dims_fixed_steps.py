# a neural-ODE classifier: an augmented state, one dynamics function reused at every Euler step
import torch.nn as nn


class ODEFunc(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + 1, 128), nn.Softplus(), nn.Linear(128, dim))


class ODENet(nn.Module):
    def __init__(self, in_dim=2, aug=5, steps=20, classes=2):
        super().__init__()
        dim = in_dim + aug
        self.func = ODEFunc(dim)
        self.steps = nn.ModuleList([self.func for _ in range(steps)])
        self.readout = nn.Linear(dim, classes)


model = ODENet()
