"""YOLOv3: Darknet-53 backbone (residual repeats 1,2,8,8,4) and three route-connected heads."""

import torch.nn as nn


def conv_bn(c_in, c_out, k, s=1):
    return nn.Sequential(
        nn.Conv2d(c_in, c_out, k, s, k // 2, bias=False), nn.BatchNorm2d(c_out), nn.LeakyReLU(0.1)
    )


class Residual(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.a = conv_bn(c, c // 2, 1)
        self.b = conv_bn(c // 2, c, 3)

    def forward(self, x):
        return x + self.b(self.a(x))


class Darknet53(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = conv_bn(3, 32, 3)
        stages, c = [], 32
        for n in (1, 2, 8, 8, 4):
            stages.append(
                nn.Sequential(conv_bn(c, c * 2, 3, 2), *[Residual(c * 2) for _ in range(n)])
            )
            c *= 2
        self.stages = nn.ModuleList(stages)


def head_block(c_in, c_mid):
    return nn.Sequential(
        conv_bn(c_in, c_mid, 1),
        conv_bn(c_mid, c_mid * 2, 3),
        conv_bn(c_mid * 2, c_mid, 1),
        conv_bn(c_mid, c_mid * 2, 3),
        conv_bn(c_mid * 2, c_mid, 1),
    )


class YOLOv3(nn.Module):
    def __init__(self, num_classes=20, anchors_per_scale=3):
        super().__init__()
        out = anchors_per_scale * (5 + num_classes)
        self.backbone = Darknet53()
        self.block1 = head_block(1024, 512)
        self.out1 = nn.Sequential(conv_bn(512, 1024, 3), nn.Conv2d(1024, out, 1))
        self.route1 = conv_bn(512, 256, 1)
        self.block2 = head_block(512 + 256, 256)
        self.out2 = nn.Sequential(conv_bn(256, 512, 3), nn.Conv2d(512, out, 1))
        self.route2 = conv_bn(256, 128, 1)
        self.block3 = head_block(256 + 128, 128)
        self.out3 = nn.Sequential(conv_bn(128, 256, 3), nn.Conv2d(256, out, 1))


model = YOLOv3()
