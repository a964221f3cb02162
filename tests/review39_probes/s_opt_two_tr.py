import torch
import torch.nn as nn


class Trainer:
    def __init__(self, fc):
        self.opt = torch.optim.SGD(fc.parameters(), lr=0.1)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.tr = Trainer(self.fc)
        self.tr2 = self.tr

    def forward(self, x):
        s1 = torch.optim.lr_scheduler.StepLR(self.tr.opt, 2)
        s2 = torch.optim.lr_scheduler.StepLR(self.tr2.opt, 3)
        torch.optim.lr_scheduler.ChainedScheduler([s1, s2])
        return self.fc(x)
