"""A DDPM trainer wrapper that keeps an EMA shadow of the denoiser as a deep copy inside the same
module (frozen with requires_grad_(False)): both copies are parameters of the wrapper."""

import copy

import torch.nn as nn


class ResBlock(nn.Module):
    def __init__(self, cin, cout, temb):
        super().__init__()
        self.norm1 = nn.GroupNorm(8, cin)
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.temb_proj = nn.Linear(temb, cout)
        self.norm2 = nn.GroupNorm(8, cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, padding=1)
        self.nin_shortcut = nn.Conv2d(cin, cout, 1) if cin != cout else nn.Identity()


class TinyUNet(nn.Module):
    def __init__(self, ch=32, mult=(1, 2, 2), in_ch=3):
        super().__init__()
        temb = ch * 4
        self.temb = nn.Sequential(nn.Linear(ch, temb), nn.SiLU(), nn.Linear(temb, temb))
        self.conv_in = nn.Conv2d(in_ch, ch, 3, padding=1)
        chans = [ch * m for m in mult]
        self.down = nn.ModuleList(ResBlock(a, b, temb) for a, b in zip([ch, *chans[:-1]], chans))
        self.mid = ResBlock(chans[-1], chans[-1], temb)
        self.up = nn.ModuleList(ResBlock(b * 2, a, temb) for a, b in zip([ch, *chans[:-1]], chans))
        self.conv_out = nn.Sequential(
            nn.GroupNorm(8, ch), nn.SiLU(), nn.Conv2d(ch, in_ch, 3, padding=1)
        )


class DiffusionTrainer(nn.Module):
    def __init__(self, net, ema_decay=0.9999):
        super().__init__()
        self.net = net
        self.ema = copy.deepcopy(net).requires_grad_(False)
        self.ema_decay = ema_decay


model = DiffusionTrainer(TinyUNet(ch=32, mult=(1, 2, 4)))
