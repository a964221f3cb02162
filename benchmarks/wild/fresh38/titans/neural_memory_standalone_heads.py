# a stand-alone NeuralMemory layer (multi-head, momentum) in front of a regression head
import torch.nn as nn
from titans_pytorch import NeuralMemory


class MemoryRegressor(nn.Module):
    def __init__(self, dim=64, n_out=3):
        super().__init__()
        self.mem = NeuralMemory(dim=dim, chunk_size=8, heads=2, dim_head=32, momentum=True)
        self.head = nn.Linear(dim, n_out)

    def forward(self, x):
        out, _ = self.mem(x)
        return self.head(out[:, -1])


model = MemoryRegressor(dim=64, n_out=3)
