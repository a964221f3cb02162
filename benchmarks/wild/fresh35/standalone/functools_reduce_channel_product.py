import functools
import operator

import torch.nn as nn

# the flattened size is the product of the feature map's shape, folded with functools.reduce
feature_shape = (32, 7, 7)
flat = functools.reduce(operator.mul, feature_shape, 1)
widths = functools.reduce(lambda acc, f: acc + [acc[-1] // f], (2, 2, 4), [flat])

layers = []
for a, b in zip(widths, widths[1:]):
    layers += [nn.Linear(a, b), nn.ReLU()]
model = nn.Sequential(
    nn.Conv2d(1, feature_shape[0], 3, padding=1),
    nn.AdaptiveAvgPool2d(feature_shape[1:]),
    nn.Flatten(),
    *layers,
    nn.Linear(widths[-1], 10),
)
