"""HRNet-style high-resolution module: parallel branches and all-to-all fuse layers (None on the diagonal)."""

import torch.nn as nn

BN_MOMENTUM = 0.1


class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, inplanes, planes):
        super().__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 3, 1, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes, momentum=BN_MOMENTUM)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes, momentum=BN_MOMENTUM)
        self.relu = nn.ReLU(inplace=True)

    def forward(self, x):
        return self.relu(self.bn2(self.conv2(self.relu(self.bn1(self.conv1(x))))) + x)


class HighResolutionModule(nn.Module):
    def __init__(self, num_branches, num_blocks, num_channels):
        super().__init__()
        self.num_branches = num_branches
        self.branches = nn.ModuleList(
            nn.Sequential(
                *[BasicBlock(num_channels[i], num_channels[i]) for _ in range(num_blocks[i])]
            )
            for i in range(num_branches)
        )
        self.fuse_layers = self._make_fuse_layers(num_channels)
        self.relu = nn.ReLU(False)

    def _make_fuse_layers(self, ch):
        fuse_layers = []
        for i in range(self.num_branches):
            fuse_layer = []
            for j in range(self.num_branches):
                if j > i:
                    fuse_layer.append(
                        nn.Sequential(
                            nn.Conv2d(ch[j], ch[i], 1, 1, 0, bias=False),
                            nn.BatchNorm2d(ch[i]),
                            nn.Upsample(scale_factor=2 ** (j - i), mode="nearest"),
                        )
                    )
                elif j == i:
                    fuse_layer.append(None)
                else:
                    convs = []
                    for k in range(i - j):
                        out = ch[i] if k == i - j - 1 else ch[j]
                        convs.append(
                            nn.Sequential(
                                nn.Conv2d(ch[j], out, 3, 2, 1, bias=False),
                                nn.BatchNorm2d(out),
                                *([] if k == i - j - 1 else [nn.ReLU(False)]),
                            )
                        )
                    fuse_layer.append(nn.Sequential(*convs))
            fuse_layers.append(nn.ModuleList(fuse_layer))
        return nn.ModuleList(fuse_layers)

    def forward(self, xs):
        xs = [b(x) for b, x in zip(self.branches, xs)]
        out = []
        for i, fl in enumerate(self.fuse_layers):
            y = xs[i]
            for j, f in enumerate(fl):
                if f is not None:
                    y = y + f(xs[j])
            out.append(self.relu(y))
        return out


class TinyHRNet(nn.Module):
    def __init__(self, width=18, num_joints=17):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, 64, 3, 2, 1, bias=False),
            nn.BatchNorm2d(64),
            nn.ReLU(),
            nn.Conv2d(64, 64, 3, 2, 1, bias=False),
            nn.BatchNorm2d(64),
            nn.ReLU(),
        )
        chans = [width, width * 2, width * 4]
        self.transition = nn.ModuleList(
            [
                nn.Conv2d(64, chans[0], 3, 1, 1),
                nn.Conv2d(64, chans[1], 3, 2, 1),
                nn.Sequential(
                    nn.Conv2d(64, chans[1], 3, 2, 1), nn.Conv2d(chans[1], chans[2], 3, 2, 1)
                ),
            ]
        )
        self.stage = nn.Sequential(*[HighResolutionModule(3, [2, 2, 2], chans) for _ in range(2)])
        self.final_layer = nn.Conv2d(chans[0], num_joints, 1)


model = TinyHRNet(width=18, num_joints=17)
