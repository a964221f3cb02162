import torch
from torch import nn
from PoPE_pytorch import AxialPoPE


class PatchViT(nn.Module):
    def __init__(self, image=32, patch=4, dim=64, heads=4, depth=2, classes=10):
        super().__init__()
        self.patch = nn.Conv2d(3, dim, patch, patch)
        self.pos = AxialPoPE(dim // heads, heads=heads, axial_dims=(8, 8))
        layer = nn.TransformerEncoderLayer(dim, heads, dim * 2, batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(layer, depth, enable_nested_tensor=False)
        self.cls = nn.Linear(dim, classes)


model = PatchViT(dim=96, heads=6, depth=3, classes=100)
