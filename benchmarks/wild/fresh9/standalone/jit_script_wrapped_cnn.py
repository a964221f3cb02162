# a scripted CNN (ScriptModule) inside an eager wrapper with a frozen stem
import torch
from torch import nn

backbone = torch.jit.script(
    nn.Sequential(
        nn.Conv2d(3, 32, 3, 2, 1),
        nn.BatchNorm2d(32),
        nn.ReLU(),
        nn.Conv2d(32, 64, 3, 2, 1),
        nn.ReLU(),
    )
)


class Wrapper(nn.Module):
    def __init__(self, body):
        super().__init__()
        self.stem = nn.Conv2d(3, 3, 1)
        for p in self.stem.parameters():
            p.requires_grad_(False)
        self.body = body
        self.fc = nn.Linear(64, 7)


model = Wrapper(backbone)
