# Octave convolution: channels split into a high- and a low-frequency part (alpha of them low)
import torch.nn as nn


class OctaveConv(nn.Module):
    def __init__(self, cin, cout, k=3, alpha_in=0.5, alpha_out=0.5):
        super().__init__()
        lin, lout = int(alpha_in * cin), int(alpha_out * cout)
        hin, hout = cin - lin, cout - lout
        pad = k // 2
        self.h2h = nn.Conv2d(hin, hout, k, padding=pad, bias=False) if hin and hout else None
        self.h2l = nn.Conv2d(hin, lout, k, padding=pad, bias=False) if hin and lout else None
        self.l2h = nn.Conv2d(lin, hout, k, padding=pad, bias=False) if lin and hout else None
        self.l2l = nn.Conv2d(lin, lout, k, padding=pad, bias=False) if lin and lout else None


class OctBottleneck(nn.Module):
    def __init__(self, cin, width, first=False, last=False, alpha=0.25):
        super().__init__()
        a_in = 0.0 if first else alpha
        a_out = 0.0 if last else alpha
        self.conv1 = OctaveConv(cin, width, 1, a_in, alpha)
        self.conv2 = OctaveConv(width, width, 3, alpha, alpha)
        self.conv3 = OctaveConv(width, 4 * width, 1, alpha, a_out)


class OctResNet(nn.Module):
    def __init__(self, alpha=0.25):
        super().__init__()
        self.stem = nn.Conv2d(3, 64, 7, 2, 3, bias=False)
        self.layer = nn.ModuleList(
            [
                OctBottleneck(64, 64, first=True, alpha=alpha),
                OctBottleneck(256, 64, alpha=alpha),
                OctBottleneck(256, 64, last=True, alpha=alpha),
            ]
        )
        self.fc = nn.Linear(256, 1000)


model = OctResNet(alpha=0.25)
