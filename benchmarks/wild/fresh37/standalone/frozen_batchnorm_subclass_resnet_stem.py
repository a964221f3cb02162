# detection-repo habit: BatchNorm2d subclass whose affine parameters are frozen at construction
import torch.nn as nn


class FrozenBN(nn.BatchNorm2d):
    def __init__(self, num_features, eps=1e-5):
        super().__init__(num_features, eps=eps)
        self.weight.requires_grad_(False)
        self.bias.requires_grad_(False)

    def train(self, mode=True):
        return super().train(False)


def conv_bn(cin, cout, k, s):
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, s, k // 2, bias=False), FrozenBN(cout), nn.ReLU(inplace=True)
    )


model = nn.Sequential(
    conv_bn(3, 32, 3, 2),
    conv_bn(32, 32, 3, 1),
    conv_bn(32, 64, 3, 1),
    nn.MaxPool2d(3, 2, 1),
    conv_bn(64, 128, 3, 2),
)
