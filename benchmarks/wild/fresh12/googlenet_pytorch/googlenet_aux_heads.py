"""GoogLeNet with auxiliary heads kept, then its fc replaced with a two-layer head."""

import torch.nn as nn
from googlenet_pytorch import GoogLeNet

net = GoogLeNet.from_name("googlenet", override_params={"num_classes": 1000})
net.fc = nn.Sequential(nn.Dropout(0.2), nn.Linear(1024, 256), nn.ReLU(), nn.Linear(256, 4))
model = net
