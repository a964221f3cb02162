import torch
import torch.nn as nn


class Pooling(nn.Module):
    def __init__(self, pool_size=3):
        super().__init__()
        self.pool = nn.AvgPool2d(pool_size, 1, pool_size // 2, count_include_pad=False)


class LayerScale(nn.Module):
    def __init__(self, dim, init=1e-5):
        super().__init__()
        self.scale = nn.Parameter(init * torch.ones(dim, 1, 1))


class MetaFormerBlock(nn.Module):
    def __init__(self, dim, token_mixer=Pooling, mlp_ratio=4.0, layer_scale=True):
        super().__init__()
        self.norm1 = nn.GroupNorm(1, dim)
        self.mixer = token_mixer()
        self.norm2 = nn.GroupNorm(1, dim)
        hidden = int(dim * mlp_ratio)
        self.mlp = nn.Sequential(nn.Conv2d(dim, hidden, 1), nn.GELU(), nn.Conv2d(hidden, dim, 1))
        if layer_scale:
            self.ls1, self.ls2 = LayerScale(dim), LayerScale(dim)


class PoolFormer(nn.Module):
    def __init__(self, layers=(2, 2, 6, 2), dims=(64, 128, 320, 512), num_classes=100):
        super().__init__()
        self.stem = nn.Conv2d(3, dims[0], 7, 4, 2)
        stages = []
        for i, (n, d) in enumerate(zip(layers, dims)):
            blocks = [MetaFormerBlock(d) for _ in range(n)]
            if i + 1 < len(dims):
                blocks.append(nn.Conv2d(d, dims[i + 1], 3, 2, 1))
            stages.append(nn.Sequential(*blocks))
        self.stages = nn.Sequential(*stages)
        self.norm = nn.GroupNorm(1, dims[-1])
        self.head = nn.Linear(dims[-1], num_classes)


model = PoolFormer(layers=(1, 1, 3, 1), dims=(32, 64, 160, 256), num_classes=100)
