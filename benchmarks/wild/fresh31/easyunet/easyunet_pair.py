"""Two EasyUNets (a coarse and a refine stage) in a ModuleDict, as a cascaded segmentation model."""

import torch.nn as nn
from easy_unet import EasyUNet

model = nn.ModuleDict(
    {
        "coarse": EasyUNet(dim=6, dim_mults=(1, 2), channels=4, out_channels=3, dropout=0.1),
        "refine": EasyUNet(dim=4, dim_mults=(1, 3), channels=4 + 3, out_channels=3),
    }
)
