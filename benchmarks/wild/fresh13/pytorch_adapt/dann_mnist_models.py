"""DANN on MNIST -> MNIST-M with pytorch-adapt's models: features G, classifier C, discriminator D."""

import torch.nn as nn
from pytorch_adapt.layers import GradientReversal
from pytorch_adapt.models import Classifier, Discriminator, MNISTFeatures


class DANN(nn.Module):
    def __init__(self, num_classes=10, feat=1200):
        super().__init__()
        self.G = MNISTFeatures()
        self.C = Classifier(num_classes=num_classes, in_size=feat, h=256)
        self.grl = GradientReversal(weight=0.5)
        self.D = Discriminator(in_size=feat, h=128)


model = DANN()
