"""CrossTransformer few-shot head on ResNet-34 features (the README's setup, random init)."""

import torch.nn as nn
from cross_transformers_pytorch import CrossTransformer
from torchvision import models


class FewShot(nn.Module):
    def __init__(self):
        super().__init__()
        resnet = models.resnet34(weights=None)
        self.backbone = nn.Sequential(*list(resnet.children())[:-2])
        self.cross_transformer = CrossTransformer(dim=512, dim_key=128, dim_value=128)


model = FewShot()
