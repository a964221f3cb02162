import torch.nn as nn


class MaskHead(nn.Module):
    def __init__(
        self, in_channels=256, conv_dims=(256, 256, 256, 256), num_classes=80, class_agnostic=False
    ):
        super().__init__()
        layers, c = [], in_channels
        for d in conv_dims:
            layers += [nn.Conv2d(c, d, 3, padding=1), nn.ReLU(inplace=True)]
            c = d
        self.mask_fcn = nn.Sequential(*layers)
        self.deconv = nn.ConvTranspose2d(c, c, 2, stride=2)
        self.predictor = nn.Conv2d(c, 1 if class_agnostic else num_classes, 1)


class BoxHead(nn.Module):
    def __init__(self, in_channels=256, pool=7, fc=1024, num_classes=80):
        super().__init__()
        self.fc6 = nn.Linear(in_channels * pool * pool, fc)
        self.fc7 = nn.Linear(fc, fc)
        self.cls_score = nn.Linear(fc, num_classes + 1)
        self.bbox_pred = nn.Linear(fc, 4 * num_classes)


class RoIHeads(nn.Module):
    def __init__(self, num_classes=20):
        super().__init__()
        self.box = BoxHead(128, 7, 512, num_classes)
        self.mask = MaskHead(128, (128,) * 4, num_classes)


model = RoIHeads(num_classes=20)
