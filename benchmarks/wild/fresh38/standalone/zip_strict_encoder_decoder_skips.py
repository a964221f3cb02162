# a UNet whose skip widths are paired with zip(strict=True)
import torch.nn as nn

enc_ch = [3, 32, 64, 128]
dec_ch = [128, 64, 32]


class UNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.ModuleList(
            nn.Conv2d(a, b, 3, padding=1) for a, b in zip(enc_ch[:-1], enc_ch[1:], strict=True)
        )
        self.up = nn.ModuleList(
            nn.ConvTranspose2d(a, b, 2, 2) for a, b in zip(dec_ch, dec_ch[1:] + [16], strict=True)
        )
        skips = enc_ch[1:][::-1]
        self.fuse = nn.ModuleList(
            nn.Conv2d(u + s, u, 3, padding=1) for u, s in zip(dec_ch[1:] + [16], skips, strict=True)
        )
        self.out = nn.Conv2d(16, 2, 1)


model = UNet()
