"""A research-repo style 1D U-Net for time series with FiLM conditioning, a dataclass config read from
a JSON string with field overrides via dataclasses.replace, and skip channels computed from reversed
widths. Several classes, as in a real repo."""

import dataclasses
import json
from dataclasses import dataclass

import torch
from torch import nn


@dataclass(frozen=True)
class UNetConfig:
    in_ch: int = 2
    base: int = 8
    mults: tuple = (1, 2, 4)
    cond_dim: int = 6
    groups: int = 4
    attn_at: tuple = (2,)


class FiLM(nn.Module):
    def __init__(self, cond_dim: int, ch: int):
        super().__init__()
        self.to_scale_shift = nn.Linear(cond_dim, ch * 2)


class ResBlock(nn.Module):
    def __init__(self, cin: int, cout: int, cond_dim: int, groups: int):
        super().__init__()
        self.norm1 = nn.GroupNorm(groups, cin)
        self.conv1 = nn.Conv1d(cin, cout, 3, padding=1)
        self.film = FiLM(cond_dim, cout)
        self.norm2 = nn.GroupNorm(groups, cout)
        self.conv2 = nn.Conv1d(cout, cout, 3, padding=1)
        self.skip = nn.Conv1d(cin, cout, 1) if cin != cout else nn.Identity()


class SelfAttention1d(nn.Module):
    def __init__(self, ch: int, heads: int = 2):
        super().__init__()
        self.norm = nn.GroupNorm(1, ch)
        self.qkv = nn.Conv1d(ch, ch * 3, 1, bias=False)
        self.proj = nn.Conv1d(ch, ch, 1)
        self.heads = heads


class Down(nn.Module):
    def __init__(self, ch: int):
        super().__init__()
        self.op = nn.Conv1d(ch, ch, 4, stride=2, padding=1)


class Up(nn.Module):
    def __init__(self, ch: int):
        super().__init__()
        self.op = nn.ConvTranspose1d(ch, ch, 4, stride=2, padding=1)


class UNet1d(nn.Module):
    def __init__(self, cfg: UNetConfig):
        super().__init__()
        widths = [cfg.base * m for m in cfg.mults]
        self.stem = nn.Conv1d(cfg.in_ch, widths[0], 7, padding=3)
        self.cond = nn.Sequential(
            nn.Linear(cfg.cond_dim, cfg.cond_dim * 4),
            nn.SiLU(),
            nn.Linear(cfg.cond_dim * 4, cfg.cond_dim),
        )
        self.downs = nn.ModuleList()
        prev = widths[0]
        for i, w in enumerate(widths):
            stage = nn.ModuleList([ResBlock(prev, w, cfg.cond_dim, cfg.groups)])
            if i in cfg.attn_at:
                stage.append(SelfAttention1d(w))
            if i < len(widths) - 1:
                stage.append(Down(w))
            self.downs.append(stage)
            prev = w
        self.mid = ResBlock(prev, prev, cfg.cond_dim, cfg.groups)
        self.ups = nn.ModuleList()
        for i, w in reversed(list(enumerate(widths))):
            stage = nn.ModuleList([ResBlock(prev + w, w, cfg.cond_dim, cfg.groups)])
            if i > 0:
                stage.append(Up(w))
            self.ups.append(stage)
            prev = w
        self.out = nn.Conv1d(prev, cfg.in_ch, 1)
        nn.init.zeros_(self.out.weight)
        self.register_buffer(
            "t_freqs", torch.exp(-torch.arange(cfg.cond_dim // 2) / 3.0), persistent=False
        )


RAW = '{"base": 12, "mults": [1, 2, 2], "groups": 4}'
cfg = UNetConfig(**{k: tuple(v) if isinstance(v, list) else v for k, v in json.loads(RAW).items()})
cfg = dataclasses.replace(cfg, attn_at=(1, 2), cond_dim=8)
model = UNet1d(cfg)
