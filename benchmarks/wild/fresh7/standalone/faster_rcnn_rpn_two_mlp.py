"""Faster R-CNN pieces by hand: a small ResNet-like backbone, RPN head, RoI box head (TwoMLPHead)."""

import torch.nn as nn


class Backbone(nn.Module):
    def __init__(self, widths=(64, 128, 256, 512)):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, widths[0], 7, 2, 3, bias=False),
            nn.BatchNorm2d(widths[0]),
            nn.ReLU(),
            nn.MaxPool2d(3, 2, 1),
        )
        layers, c = [], widths[0]
        for w in widths:
            layers.append(
                nn.Sequential(
                    nn.Conv2d(c, w, 3, 2 if w != c else 1, 1, bias=False),
                    nn.BatchNorm2d(w),
                    nn.ReLU(),
                    nn.Conv2d(w, w, 3, 1, 1, bias=False),
                    nn.BatchNorm2d(w),
                )
            )
            c = w
        self.layers = nn.Sequential(*layers)
        self.out_channels = c


class RPNHead(nn.Module):
    def __init__(self, c, num_anchors):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.cls_logits = nn.Conv2d(c, num_anchors, 1)
        self.bbox_pred = nn.Conv2d(c, num_anchors * 4, 1)


class FasterRCNN(nn.Module):
    def __init__(self, num_classes=11, pool=7, rep=1024):
        super().__init__()
        self.backbone = Backbone()
        c = self.backbone.out_channels
        self.rpn = RPNHead(c, num_anchors=len((0.5, 1.0, 2.0)) * len((64, 128, 256)))
        self.box_head = nn.Sequential(
            nn.Flatten(), nn.Linear(c * pool * pool, rep), nn.ReLU(), nn.Linear(rep, rep), nn.ReLU()
        )
        self.cls_score = nn.Linear(rep, num_classes)
        self.bbox_pred = nn.Linear(rep, num_classes * 4)


model = FasterRCNN()
