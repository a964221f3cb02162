from collections import OrderedDict

import torch
import torch.nn as nn


class VoxNet(nn.Module):
    """VoxNet on a 32^3 occupancy grid; the flattened size found with a dummy pass."""

    def __init__(self, n_classes=10, input_shape=(32, 32, 32)):
        super().__init__()
        self.feat = nn.Sequential(
            OrderedDict(
                [
                    ("conv3d_1", nn.Conv3d(1, 32, kernel_size=5, stride=2)),
                    ("relu1", nn.ReLU()),
                    ("drop1", nn.Dropout(p=0.2)),
                    ("conv3d_2", nn.Conv3d(32, 32, kernel_size=3)),
                    ("relu2", nn.ReLU()),
                    ("pool2", nn.MaxPool3d(2)),
                    ("drop2", nn.Dropout(p=0.3)),
                ]
            )
        )
        x = self.feat(torch.zeros((1, 1) + input_shape))
        dim_feat = 1
        for n in x.size()[1:]:
            dim_feat *= n
        self.mlp = nn.Sequential(
            OrderedDict([("fc1", nn.Linear(dim_feat, 128)), ("relu1", nn.ReLU()), ("drop3", nn.Dropout(p=0.4)), ("fc2", nn.Linear(128, n_classes))])
        )


model = VoxNet(n_classes=10, input_shape=(32, 32, 32))
