"""PointNet++ (MSG) classifier: set-abstraction levels with multi-scale grouping, the way the reference repo lists them."""

from torch import nn

SA_CFG = [
    # npoint, radii, nsamples, mlps per scale
    (128, [0.1, 0.2, 0.4], [8, 16, 32], [[16, 16, 32], [32, 32, 64], [32, 48, 64]]),
    (32, [0.2, 0.4], [16, 32], [[32, 32, 64], [48, 48, 96]]),
]


class SetAbstractionMSG(nn.Module):
    def __init__(self, npoint, radii, nsamples, in_channel, mlp_list):
        super().__init__()
        self.npoint, self.radii, self.nsamples = npoint, radii, nsamples
        self.conv_blocks = nn.ModuleList()
        self.bn_blocks = nn.ModuleList()
        for mlp in mlp_list:
            convs, bns = nn.ModuleList(), nn.ModuleList()
            last = in_channel + 3
            for out in mlp:
                convs.append(nn.Conv2d(last, out, 1))
                bns.append(nn.BatchNorm2d(out))
                last = out
            self.conv_blocks.append(convs)
            self.bn_blocks.append(bns)
        self.out_channels = sum(m[-1] for m in mlp_list)


class GlobalSA(nn.Module):
    def __init__(self, in_channel, mlp):
        super().__init__()
        layers = []
        last = in_channel + 3
        for out in mlp:
            layers += [nn.Conv1d(last, out, 1), nn.BatchNorm1d(out), nn.ReLU()]
            last = out
        self.mlp = nn.Sequential(*layers)


class PointNet2MSG(nn.Module):
    def __init__(self, num_classes=10, normal_channel=True):
        super().__init__()
        in_ch = 3 if normal_channel else 0
        self.sa = nn.ModuleList()
        for npoint, radii, nsamples, mlps in SA_CFG:
            sa = SetAbstractionMSG(npoint, radii, nsamples, in_ch, mlps)
            self.sa.append(sa)
            in_ch = sa.out_channels
        self.sa_global = GlobalSA(in_ch, [128, 256])
        self.head = nn.Sequential(
            nn.Linear(256, 128),
            nn.BatchNorm1d(128),
            nn.ReLU(),
            nn.Dropout(0.4),
            nn.Linear(128, 64),
            nn.BatchNorm1d(64),
            nn.ReLU(),
            nn.Linear(64, num_classes),
        )


model = PointNet2MSG(num_classes=10, normal_channel=False)
