"""ResMLP-S12 by hand: Affine layers (alpha / beta parameters instead of LayerNorm), a linear
cross-patch sublayer over the 196 patches, LayerScale vectors, a patch-embedding conv."""

import torch
import torch.nn as nn


class Affine(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.alpha = nn.Parameter(torch.ones(dim))
        self.beta = nn.Parameter(torch.zeros(dim))


class Layer(nn.Module):
    def __init__(self, dim, num_patches, init_values=0.1):
        super().__init__()
        self.norm1 = Affine(dim)
        self.attn = nn.Linear(num_patches, num_patches)
        self.norm2 = Affine(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))
        self.gamma_1 = nn.Parameter(init_values * torch.ones(dim))
        self.gamma_2 = nn.Parameter(init_values * torch.ones(dim))


class ResMLP(nn.Module):
    def __init__(self, img_size=224, patch=16, dim=384, depth=12, num_classes=1000):
        super().__init__()
        n = (img_size // patch) ** 2
        self.patch_embed = nn.Conv2d(3, dim, patch, patch)
        self.blocks = nn.ModuleList(Layer(dim, n) for _ in range(depth))
        self.norm = Affine(dim)
        self.head = nn.Linear(dim, num_classes)


model = ResMLP()
