"""SegNet: VGG-style encoder with pooling indices reused by the decoder's max-unpooling."""

import torch.nn as nn

ENCODER = [(64, 2), (128, 2), (256, 3), (256, 3)]


def conv_stack(cin, cout, n):
    layers = []
    for i in range(n):
        layers += [
            nn.Conv2d(cin if i == 0 else cout, cout, 3, padding=1),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
        ]
    return nn.Sequential(*layers)


class SegNet(nn.Module):
    def __init__(self, in_ch=3, num_classes=12, width=0.5):
        super().__init__()
        enc, ch = [], in_ch
        chans = []
        for c, n in ENCODER:
            c = int(c * width)
            enc.append(conv_stack(ch, c, n))
            chans.append(ch)
            ch = c
        self.enc = nn.ModuleList(enc)
        self.pool = nn.MaxPool2d(2, 2, return_indices=True)
        self.unpool = nn.MaxUnpool2d(2, 2)
        dec = []
        for (c, n), prev in zip(reversed(ENCODER), reversed(chans)):
            c = int(c * width)
            out = prev if prev != in_ch else int(ENCODER[0][0] * width)
            dec.append(conv_stack(c, out, n))
        self.dec = nn.ModuleList(dec)
        self.classifier = nn.Conv2d(int(ENCODER[0][0] * width), num_classes, 1)

    def forward(self, x):
        idx, sizes = [], []
        for block in self.enc:
            x = block(x)
            sizes.append(x.size())
            x, i = self.pool(x)
            idx.append(i)
        for block, i, s in zip(self.dec, reversed(idx), reversed(sizes)):
            x = block(self.unpool(x, i, output_size=s))
        return self.classifier(x)


model = SegNet(in_ch=3, num_classes=12, width=0.5)
