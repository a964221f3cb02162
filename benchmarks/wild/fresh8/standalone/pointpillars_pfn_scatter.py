"""PointPillars: a pillar feature net (linear + BN per point, max over the pillar), a scatter to a
BEV canvas, a 3-stage 2-D backbone with upsampling necks and an SSD-style head."""

import torch.nn as nn


class PFNLayer(nn.Module):
    def __init__(self, cin, cout, last=False):
        super().__init__()
        self.units = cout if last else cout // 2
        self.linear = nn.Linear(cin, self.units, bias=False)
        self.norm = nn.BatchNorm1d(self.units, eps=1e-3, momentum=0.01)


class PillarFeatureNet(nn.Module):
    def __init__(self, num_input_features=4, filters=(64,), with_distance=False):
        super().__init__()
        cin = num_input_features + 5 + int(with_distance)
        chans = [cin, *filters]
        self.pfn_layers = nn.ModuleList(
            PFNLayer(chans[i], chans[i + 1], last=i == len(chans) - 2)
            for i in range(len(chans) - 1)
        )


def block(cin, cout, stride, n):
    layers = [
        nn.ZeroPad2d(1),
        nn.Conv2d(cin, cout, 3, stride, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(),
    ]
    for _ in range(n):
        layers += [nn.Conv2d(cout, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()]
    return nn.Sequential(*layers)


class RPN(nn.Module):
    def __init__(
        self,
        cin=64,
        layer_nums=(3, 5, 5),
        strides=(2, 2, 2),
        filters=(64, 128, 256),
        up_strides=(1, 2, 4),
        up_filters=(128, 128, 128),
        num_anchors=2,
        num_classes=3,
    ):
        super().__init__()
        ins = [cin, *filters[:-1]]
        self.blocks = nn.ModuleList(
            block(i, f, s, n) for i, f, s, n in zip(ins, filters, strides, layer_nums)
        )
        self.deblocks = nn.ModuleList(
            nn.Sequential(
                nn.ConvTranspose2d(f, u, s, stride=s, bias=False), nn.BatchNorm2d(u), nn.ReLU()
            )
            for f, u, s in zip(filters, up_filters, up_strides)
        )
        c = sum(up_filters)
        self.conv_cls = nn.Conv2d(c, num_anchors * num_classes, 1)
        self.conv_box = nn.Conv2d(c, num_anchors * 7, 1)
        self.conv_dir_cls = nn.Conv2d(c, num_anchors * 2, 1)


class PointPillars(nn.Module):
    def __init__(self):
        super().__init__()
        self.vfe = PillarFeatureNet(4, (64,))
        self.rpn = RPN(64)


model = PointPillars()
