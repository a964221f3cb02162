import torch.nn as nn
import kornia.feature as KF

model = nn.ModuleDict(
    {
        "sosnet": KF.SOSNet(pretrained=False),
        "tfeat": KF.TFeat(pretrained=False),
        "hynet": KF.HyNet(pretrained=False),
    }
)
