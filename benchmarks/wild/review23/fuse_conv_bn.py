import torch.nn as nn
from torch.nn.utils.fusion import fuse_conv_bn_eval


class M(nn.Module):
    def __init__(self):
        super().__init__()
        conv = nn.Conv2d(3, 4, 3, bias=False).eval()
        bn = nn.BatchNorm2d(4).eval()
        self.fused = fuse_conv_bn_eval(conv, bn)
