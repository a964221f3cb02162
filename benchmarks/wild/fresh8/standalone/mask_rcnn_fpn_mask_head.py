"""Mask R-CNN heads over an FPN: lateral / output convs per level, a shared RPN head (one
module for all levels), a two-FC box head, and the four-conv mask head with a deconv."""

import torch.nn as nn


class FPN(nn.Module):
    def __init__(self, in_channels=(256, 512, 1024, 2048), out=256):
        super().__init__()
        self.inner_blocks = nn.ModuleList(nn.Conv2d(c, out, 1) for c in in_channels)
        self.layer_blocks = nn.ModuleList(nn.Conv2d(out, out, 3, padding=1) for _ in in_channels)


class RPNHead(nn.Module):
    def __init__(self, c=256, anchors=3):
        super().__init__()
        self.conv = nn.Conv2d(c, c, 3, padding=1)
        self.cls_logits = nn.Conv2d(c, anchors, 1)
        self.bbox_pred = nn.Conv2d(c, anchors * 4, 1)


class MaskRCNNHeads(nn.Module):
    def __init__(self, num_classes=91, rep=1024):
        super().__init__()
        self.fpn = FPN()
        self.rpn_head = RPNHead()
        self.box_head = nn.Sequential(
            nn.Flatten(), nn.Linear(256 * 7 * 7, rep), nn.ReLU(), nn.Linear(rep, rep), nn.ReLU()
        )
        self.cls_score = nn.Linear(rep, num_classes)
        self.bbox_pred = nn.Linear(rep, num_classes * 4)
        mask = []
        for _ in range(4):
            mask += [nn.Conv2d(256, 256, 3, padding=1), nn.ReLU()]
        self.mask_head = nn.Sequential(*mask)
        self.mask_predictor = nn.Sequential(
            nn.ConvTranspose2d(256, 256, 2, 2), nn.ReLU(), nn.Conv2d(256, num_classes, 1)
        )


model = MaskRCNNHeads()
