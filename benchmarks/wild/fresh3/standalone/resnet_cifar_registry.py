import torch.nn as nn
import torch.nn.functional as F

_registry = {}


def register_model(fn):
    _registry[fn.__name__] = fn
    return fn


def create_model(name, **kwargs):
    if name not in _registry:
        raise ValueError(f"unknown model {name}")
    return _registry[name](**kwargs)


class LambdaLayer(nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x):
        return self.fn(x)


class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, in_planes, planes, stride=1, option="A"):
        super().__init__()
        self.conv1 = nn.Conv2d(in_planes, planes, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.shortcut = nn.Sequential()
        if stride != 1 or in_planes != planes:
            if option == "A":
                pad = planes // 4
                self.shortcut = LambdaLayer(
                    lambda x: F.pad(x[:, :, ::2, ::2], (0, 0, 0, 0, pad, pad), "constant", 0)
                )
            else:
                self.shortcut = nn.Sequential(
                    nn.Conv2d(in_planes, self.expansion * planes, 1, stride, bias=False),
                    nn.BatchNorm2d(self.expansion * planes),
                )

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return F.relu(out + self.shortcut(x))


class ResNetCifar(nn.Module):
    def __init__(self, block, num_blocks, num_classes=10, option="A"):
        super().__init__()
        self.in_planes = 16
        self.option = option
        self.conv1 = nn.Conv2d(3, 16, kernel_size=3, stride=1, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(16)
        self.layer1 = self._make_layer(block, 16, num_blocks[0], stride=1)
        self.layer2 = self._make_layer(block, 32, num_blocks[1], stride=2)
        self.layer3 = self._make_layer(block, 64, num_blocks[2], stride=2)
        self.linear = nn.Linear(64, num_classes)

    def _make_layer(self, block, planes, num_blocks, stride):
        strides = [stride] + [1] * (num_blocks - 1)
        layers = []
        for s in strides:
            layers.append(block(self.in_planes, planes, s, self.option))
            self.in_planes = planes * block.expansion
        return nn.Sequential(*layers)


@register_model
def resnet20(**kw):
    return ResNetCifar(BasicBlock, [3, 3, 3], **kw)


@register_model
def resnet32(**kw):
    return ResNetCifar(BasicBlock, [5, 5, 5], **kw)


@register_model
def resnet44(**kw):
    return ResNetCifar(BasicBlock, [7, 7, 7], **kw)


model = create_model("resnet32", num_classes=100, option="B")
