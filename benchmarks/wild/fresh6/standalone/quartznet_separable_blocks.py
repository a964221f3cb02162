"""QuartzNet 5x2 style ASR model: time-channel separable conv blocks repeated R times, CTC head."""

import torch.nn as nn

# (filters, kernel, repeat R, blocks B, dilation)
QUARTZNET = [
    (128, 33, 2, 1, 1),
    (128, 39, 2, 1, 1),
    (192, 51, 2, 1, 1),
    (192, 63, 2, 1, 1),
    (256, 75, 2, 1, 1),
]


def sep_conv(cin, cout, k, dilation=1):
    return [
        nn.Conv1d(
            cin, cin, k, padding=dilation * k // 2, dilation=dilation, groups=cin, bias=False
        ),
        nn.Conv1d(cin, cout, 1, bias=False),
        nn.BatchNorm1d(cout, eps=1e-3),
    ]


class JasperBlock(nn.Module):
    def __init__(self, cin, cout, k, repeat, dilation):
        super().__init__()
        layers, ch = [], cin
        for r in range(repeat):
            layers += sep_conv(ch, cout, k, dilation)
            if r < repeat - 1:
                layers += [nn.ReLU(), nn.Dropout(0.1)]
            ch = cout
        self.mconv = nn.Sequential(*layers)
        self.res = nn.Sequential(
            nn.Conv1d(cin, cout, 1, bias=False), nn.BatchNorm1d(cout, eps=1e-3)
        )
        self.out = nn.Sequential(nn.ReLU(), nn.Dropout(0.1))

    def forward(self, x):
        return self.out(self.mconv(x) + self.res(x))


class QuartzNet(nn.Module):
    def __init__(self, feat_in=64, vocab=29):
        super().__init__()
        layers = [nn.Sequential(*sep_conv(feat_in, 128, 33), nn.ReLU())]
        ch = 128
        for f, k, r, b, d in QUARTZNET:
            for _ in range(b):
                layers.append(JasperBlock(ch, f, k, r, d))
                ch = f
        layers.append(nn.Sequential(*sep_conv(ch, 256, 87, dilation=2), nn.ReLU()))
        layers.append(
            nn.Sequential(nn.Conv1d(256, 512, 1, bias=False), nn.BatchNorm1d(512), nn.ReLU())
        )
        self.encoder = nn.Sequential(*layers)
        self.decoder = nn.Conv1d(512, vocab + 1, 1)  # + blank

    def forward(self, feats):
        return self.decoder(self.encoder(feats)).log_softmax(dim=1)


model = QuartzNet(feat_in=64, vocab=29)
