import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.01)
        self.scaler = torch.amp.GradScaler("cpu")

    def half(self, x):
        loss = self.model(x).pow(2).mean()
        self.scaler.scale(loss).backward()
        self.scaler.step(self.opt)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1))
        self.tr = Trainer(self.model)

    def forward(self, x):
        with torch.enable_grad():
            self.tr.half(x)
            self.tr.scaler = torch.amp.GradScaler("cpu")
            self.tr.half(x)
        return self.model(x)
