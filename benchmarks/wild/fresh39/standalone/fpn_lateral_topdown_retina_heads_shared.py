# a feature pyramid (lateral 1x1 + output 3x3 per level) with RetinaNet heads shared across levels
import torch.nn as nn

in_channels = [128, 256, 512]
fpn_dim, anchors, classes = 128, 9, 20


class FPN(nn.Module):
    def __init__(self):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(c, fpn_dim, 1) for c in in_channels])
        self.output = nn.ModuleList(
            [nn.Conv2d(fpn_dim, fpn_dim, 3, padding=1) for _ in in_channels]
        )


def tower(out):
    layers = []
    for _ in range(4):
        layers += [nn.Conv2d(fpn_dim, fpn_dim, 3, padding=1), nn.ReLU()]
    return nn.Sequential(*layers, nn.Conv2d(fpn_dim, out, 3, padding=1))


class Retina(nn.Module):
    def __init__(self):
        super().__init__()
        self.fpn = FPN()
        self.cls_head = tower(anchors * classes)  # one head, applied to every level
        self.box_head = tower(anchors * 4)
        self.level_heads = [self.cls_head] * len(in_channels)  # plain list: no extra registration


model = Retina()
