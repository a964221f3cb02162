import torch.nn as nn
from pytorch_pretrained_vit import ViT

backbone = ViT("B_32", pretrained=False, image_size=96, num_classes=1000)
# new task: 5 classes, two-layer head
backbone.fc = nn.Sequential(nn.Linear(backbone.fc.in_features, 256), nn.GELU(), nn.Linear(256, 5))
model = backbone
