"""A diffusion U-Net picked from a named size table: sinusoidal time embedding, ResBlocks with time projection,
channel multipliers per level, a middle block with self-attention."""

import torch.nn as nn

SIZES = {
    "tiny": dict(base=16, mults=(1, 2), blocks=1, attn_mid=True),
    "small": dict(base=32, mults=(1, 2, 4), blocks=2, attn_mid=True),
    "base": dict(base=64, mults=(1, 2, 2, 4), blocks=2, attn_mid=True),
}


class ResBlock(nn.Module):
    def __init__(self, cin, cout, tdim):
        super().__init__()
        self.norm1 = nn.GroupNorm(8, cin)
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.time = nn.Linear(tdim, cout)
        self.norm2 = nn.GroupNorm(8, cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1) if cin != cout else nn.Identity()


class UNet(nn.Module):
    def __init__(self, in_ch=3, base=32, mults=(1, 2), blocks=1, attn_mid=True):
        super().__init__()
        tdim = base * 4
        self.time_mlp = nn.Sequential(nn.Linear(base, tdim), nn.SiLU(), nn.Linear(tdim, tdim))
        self.inc = nn.Conv2d(in_ch, base, 3, padding=1)
        self.down = nn.ModuleList()
        chans = [base]
        ch = base
        for i, m in enumerate(mults):
            for _ in range(blocks):
                self.down.append(ResBlock(ch, base * m, tdim))
                ch = base * m
                chans.append(ch)
            if i != len(mults) - 1:
                self.down.append(nn.Conv2d(ch, ch, 3, stride=2, padding=1))
                chans.append(ch)
        self.mid1 = ResBlock(ch, ch, tdim)
        self.mid_attn = (
            nn.MultiheadAttention(ch, 4, batch_first=True) if attn_mid else nn.Identity()
        )
        self.mid2 = ResBlock(ch, ch, tdim)
        self.up = nn.ModuleList()
        for i, m in reversed(list(enumerate(mults))):
            for _ in range(blocks + 1):
                self.up.append(ResBlock(ch + chans.pop(), base * m, tdim))
                ch = base * m
            if i != 0:
                self.up.append(nn.ConvTranspose2d(ch, ch, 4, stride=2, padding=1))
        self.out = nn.Sequential(nn.GroupNorm(8, ch), nn.SiLU(), nn.Conv2d(ch, in_ch, 3, padding=1))


model = UNet(in_ch=3, **SIZES["small"])
