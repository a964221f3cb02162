"""Token-mixer variants registered through __init_subclass__ with class keywords (mixer name and a
hidden-ratio class attribute); a MetaFormer picks the mixer per stage by name."""

import torch.nn as nn


class Mixer(nn.Module):
    registry = {}
    hidden_ratio = 1.0

    def __init_subclass__(cls, name=None, hidden_ratio=None, **kwargs):
        super().__init_subclass__(**kwargs)
        if name is not None:
            Mixer.registry[name] = cls
        if hidden_ratio is not None:
            cls.hidden_ratio = hidden_ratio


class PoolMixer(Mixer, name="pool"):
    def __init__(self, dim):
        super().__init__()
        self.pool = nn.AvgPool2d(3, 1, 1, count_include_pad=False)


class ConvMixer(Mixer, name="sepconv", hidden_ratio=2.0):
    def __init__(self, dim):
        super().__init__()
        hidden = int(dim * self.hidden_ratio)
        self.pw1 = nn.Linear(dim, hidden)
        self.dw = nn.Conv2d(hidden, hidden, 7, padding=3, groups=hidden)
        self.pw2 = nn.Linear(hidden, dim)


class AttnMixer(Mixer, name="attn"):
    def __init__(self, dim, head_dim=16):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3, bias=False)
        self.proj = nn.Linear(dim, dim)


class WideConvMixer(ConvMixer, name="wide_sepconv", hidden_ratio=3.0):
    pass


class MetaBlock(nn.Module):
    def __init__(self, dim, mixer, mlp_ratio=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.mixer = Mixer.registry[mixer](dim)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(
            nn.Linear(dim, dim * mlp_ratio), nn.GELU(), nn.Linear(dim * mlp_ratio, dim)
        )


class MetaFormer(nn.Module):
    def __init__(
        self,
        dims=(32, 64, 96, 128),
        depths=(1, 1, 2, 1),
        mixers=("pool", "sepconv", "wide_sepconv", "attn"),
        n_classes=100,
    ):
        super().__init__()
        stages, prev = [], 3
        for dim, depth, mixer in zip(dims, depths, mixers):
            stages.append(nn.Conv2d(prev, dim, 3, stride=2, padding=1))
            stages.extend(MetaBlock(dim, mixer) for _ in range(depth))
            prev = dim
        self.stages = nn.ModuleList(stages)
        self.head = nn.Linear(prev, n_classes)


model = MetaFormer()
