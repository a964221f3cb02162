"""Init through Module.apply, then parameter surgery: the first conv is cut to 1 input channel
(grayscale), biases of convs followed by BN are deleted, and the classifier is narrowed."""

import torch
import torch.nn as nn


def make_vgg(cfg=(32, 32, "M", 64, 64, "M", 128, "M"), in_ch=3, classes=100):
    layers, ch = [], in_ch
    for v in cfg:
        if v == "M":
            layers.append(nn.MaxPool2d(2))
        else:
            layers += [nn.Conv2d(ch, v, 3, padding=1), nn.BatchNorm2d(v), nn.ReLU()]
            ch = v
    return nn.Sequential(*layers, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(ch, classes))


def init_weights(m):
    if isinstance(m, nn.Conv2d):
        nn.init.kaiming_normal_(m.weight, mode="fan_out")
        if m.bias is not None:
            nn.init.zeros_(m.bias)
    elif isinstance(m, nn.Linear):
        nn.init.normal_(m.weight, std=0.01)


model = make_vgg()
model.apply(init_weights)

# grayscale input: sum the RGB filters into one channel
first = model[0]
first.weight = nn.Parameter(first.weight.sum(dim=1, keepdim=True))
first.in_channels = 1

# conv followed by BN: the bias is redundant
for i, m in enumerate(model):
    if isinstance(m, nn.Conv2d) and isinstance(model[i + 1], nn.BatchNorm2d):
        del m.bias
        m.register_parameter("bias", None)

# keep only the first 10 classes
fc = model[-1]
with torch.no_grad():
    fc.weight = nn.Parameter(fc.weight[:10].clone())
    fc.bias = nn.Parameter(fc.bias[:10].clone())
fc.out_features = 10
