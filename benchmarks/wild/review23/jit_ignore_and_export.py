import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, self.width())

    @torch.jit.ignore
    def width(self):
        return 6

    @torch.jit.export
    def other(self):
        return 1
