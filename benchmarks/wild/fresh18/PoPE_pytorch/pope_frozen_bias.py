import torch
import torch.nn as nn
from PoPE_pytorch import PoPE


class Retriever(nn.Module):
    """Query/key towers sharing one PoPE whose bias is frozen after init."""

    def __init__(self, dim=64, heads=2):
        super().__init__()
        self.pope = PoPE(dim // heads, heads=heads, inv_freqs=torch.tensor([1.0 / (2 ** i) for i in range(dim // heads)]))
        self.pope.bias.requires_grad_(False)
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)


model = Retriever(dim=48, heads=3)
