import torch
import torch.nn as nn
from omninet_pytorch import Omninet

image_size, patch, dim = 64, 8, 96
num_patches = (image_size // patch) ** 2


class OmniViT(nn.Module):
    def __init__(self):
        super().__init__()
        self.patchify = nn.Conv2d(3, dim, patch, stride=patch)
        self.cls = nn.Parameter(torch.randn(1, 1, dim))
        self.pos = nn.Parameter(torch.randn(1, num_patches + 1, dim))
        self.body = Omninet(dim=dim, depth=3, heads=3, dim_head=32)
        self.head = nn.Linear(dim, 10)


model = OmniViT()
