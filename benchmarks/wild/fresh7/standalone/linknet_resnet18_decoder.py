import torch.nn as nn


class BasicBlock(nn.Module):
    def __init__(self, i, o, s):
        super().__init__()
        self.c1 = nn.Conv2d(i, o, 3, s, 1, bias=False)
        self.b1 = nn.BatchNorm2d(o)
        self.c2 = nn.Conv2d(o, o, 3, 1, 1, bias=False)
        self.b2 = nn.BatchNorm2d(o)
        self.down = (
            nn.Sequential(nn.Conv2d(i, o, 1, s, bias=False), nn.BatchNorm2d(o))
            if s != 1 or i != o
            else None
        )


class Decoder(nn.Module):
    """LinkNet decoder: 1x1 reduce to m/4, 3x3 full conv x2 upsample, 1x1 expand to n."""

    def __init__(self, m, n):
        super().__init__()
        self.block = nn.Sequential(
            nn.Conv2d(m, m // 4, 1, bias=False),
            nn.BatchNorm2d(m // 4),
            nn.ReLU(),
            nn.ConvTranspose2d(m // 4, m // 4, 3, 2, 1, output_padding=1, bias=False),
            nn.BatchNorm2d(m // 4),
            nn.ReLU(),
            nn.Conv2d(m // 4, n, 1, bias=False),
            nn.BatchNorm2d(n),
            nn.ReLU(),
        )


class LinkNet(nn.Module):
    def __init__(self, n_classes=2):
        super().__init__()
        self.init = nn.Sequential(
            nn.Conv2d(3, 64, 7, 2, 3, bias=False),
            nn.BatchNorm2d(64),
            nn.ReLU(),
            nn.MaxPool2d(3, 2, 1),
        )
        chans = [64, 64, 128, 256, 512]
        self.encoders = nn.ModuleList(
            nn.Sequential(
                BasicBlock(chans[i], chans[i + 1], 1 if i == 0 else 2),
                BasicBlock(chans[i + 1], chans[i + 1], 1),
            )
            for i in range(4)
        )
        self.decoders = nn.ModuleList(Decoder(chans[i + 1], chans[i]) for i in range(4))
        self.final = nn.Sequential(
            nn.ConvTranspose2d(64, 32, 3, 2, 1, output_padding=1),
            nn.BatchNorm2d(32),
            nn.ReLU(),
            nn.Conv2d(32, 32, 3, padding=1),
            nn.BatchNorm2d(32),
            nn.ReLU(),
            nn.ConvTranspose2d(32, n_classes, 2, 2),
        )


model = LinkNet()
