# derived sizes as functools.cached_property on a plain config object
import functools

import torch.nn as nn


class PatchConfig:
    def __init__(self, image=96, patch=8, channels=3, dim=192):
        self.image, self.patch, self.channels, self.dim = image, patch, channels, dim

    @functools.cached_property
    def num_patches(self):
        return (self.image // self.patch) ** 2

    @functools.cached_property
    def patch_dim(self):
        return self.channels * self.patch * self.patch


class PatchMLPMixer(nn.Module):
    def __init__(self, cfg, depth=3):
        super().__init__()
        self.embed = nn.Linear(cfg.patch_dim, cfg.dim)
        self.token_mix = nn.ModuleList(
            nn.Linear(cfg.num_patches, cfg.num_patches) for _ in range(depth)
        )
        self.channel_mix = nn.ModuleList(nn.Linear(cfg.dim, cfg.dim) for _ in range(depth))
        self.norms = nn.ModuleList(nn.LayerNorm(cfg.dim) for _ in range(2 * depth))
        self.head = nn.Linear(cfg.dim, 100)


model = PatchMLPMixer(PatchConfig(image=96, patch=8))
