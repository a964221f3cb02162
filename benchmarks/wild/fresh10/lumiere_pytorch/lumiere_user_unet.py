import torch
import torch.nn.functional as F
from lumiere_pytorch import Lumiere
from torch import nn


class SelfAttn2d(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.norm = nn.GroupNorm(1, dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x):
        b, c, h, w = x.shape
        t = self.norm(x).flatten(2).transpose(1, 2)
        out, _ = self.attn(t, t, t)
        return x + out.transpose(1, 2).reshape(b, c, h, w)


class TinyUNet(nn.Module):
    """A small text-to-image style U-Net; Lumiere inflates it into a space-time U-Net."""

    def __init__(self, dim=32, channels=3):
        super().__init__()
        self.time_mlp = nn.Sequential(nn.Linear(1, dim * 4), nn.SiLU(), nn.Linear(dim * 4, dim))
        self.init_conv = nn.Conv2d(channels, dim, 3, padding=1)
        self.down1 = nn.Conv2d(dim, dim, 3, padding=1)
        self.downsample1 = nn.Conv2d(dim, dim * 2, 4, 2, 1)
        self.mid = nn.Conv2d(dim * 2, dim * 2, 3, padding=1)
        self.mid_attn = SelfAttn2d(dim * 2)
        self.upsample1 = nn.ConvTranspose2d(dim * 2, dim, 4, 2, 1)
        self.up1 = nn.Conv2d(dim * 2, dim, 3, padding=1)
        self.out = nn.Conv2d(dim, channels, 1)

    def forward(self, x, time):
        t = self.time_mlp(time[:, None].float())
        h0 = self.init_conv(x) + t[:, :, None, None]
        h = F.silu(self.down1(h0))
        h = self.downsample1(h)
        h = self.mid_attn(F.silu(self.mid(h)))
        h = self.upsample1(h)
        h = self.up1(torch.cat([h, h0], dim=1))
        return self.out(h)


unet = TinyUNet()
model = Lumiere(
    unet,
    image_size=32,
    unet_time_kwarg="time",
    conv_module_names=["down1", "mid", "up1"],
    attn_module_names=["mid_attn"],
    downsample_module_names=["downsample1"],
    upsample_module_names=["upsample1"],
)
