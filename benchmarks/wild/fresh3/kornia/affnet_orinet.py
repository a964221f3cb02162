import torch.nn as nn
from kornia.feature import LAFAffNetShapeEstimator, OriNet

model = nn.Sequential(LAFAffNetShapeEstimator(pretrained=False), OriNet(pretrained=False))
