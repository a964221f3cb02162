"""A user CNN that uses the library's BlurPool layer in place of strided max-pooling."""

import torch.nn as nn
from antialiased_cnns import BlurPool


def down_block(cin, cout):
    # MaxBlurPool: dense max, then blur-subsample (the paper's recipe)
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
        nn.MaxPool2d(kernel_size=2, stride=1),
        BlurPool(cout, filt_size=3, stride=2),
    )


model = nn.Sequential(
    down_block(1, 16),
    down_block(16, 32),
    down_block(32, 64),
    nn.AdaptiveAvgPool2d(1),
    nn.Flatten(),
    nn.Linear(64, 10),
)
