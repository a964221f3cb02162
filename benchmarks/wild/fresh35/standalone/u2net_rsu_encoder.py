import torch.nn as nn


class REBNCONV(nn.Sequential):
    def __init__(self, cin=3, cout=3, dirate=1):
        super().__init__(
            nn.Conv2d(cin, cout, 3, padding=dirate, dilation=dirate),
            nn.BatchNorm2d(cout),
            nn.ReLU(True),
        )


class RSU(nn.Module):
    """A residual U-block of height L: L-1 encoder convs, one dilated bottom conv, L-1 decoder convs."""

    def __init__(self, height, cin, mid, cout):
        super().__init__()
        self.conv_in = REBNCONV(cin, cout)
        self.enc = nn.ModuleList(
            [REBNCONV(cout, mid)] + [REBNCONV(mid, mid) for _ in range(height - 2)]
        )
        self.bottom = REBNCONV(mid, mid, dirate=2)
        self.dec = nn.ModuleList(
            [REBNCONV(2 * mid, mid) for _ in range(height - 2)] + [REBNCONV(2 * mid, cout)]
        )


class U2NetLite(nn.Module):
    def __init__(self, cin=3, out_ch=1):
        super().__init__()
        self.stage1 = RSU(7, cin, 16, 64)
        self.stage2 = RSU(6, 64, 16, 64)
        self.stage3 = RSU(5, 64, 16, 64)
        self.stage4 = RSU(4, 64, 16, 64)
        self.stage3d = RSU(5, 128, 16, 64)
        self.stage2d = RSU(6, 128, 16, 64)
        self.stage1d = RSU(7, 128, 16, 64)
        self.side = nn.ModuleList(nn.Conv2d(64, out_ch, 3, padding=1) for _ in range(4))
        self.outconv = nn.Conv2d(4 * out_ch, out_ch, 1)


model = U2NetLite()
