import torch.nn as nn
from resnest.torch import resnest50_fast_2s2x40d

net = resnest50_fast_2s2x40d(pretrained=False)
net.fc = nn.Sequential(nn.Dropout(0.3), nn.Linear(net.fc.in_features, 7))
model = net
