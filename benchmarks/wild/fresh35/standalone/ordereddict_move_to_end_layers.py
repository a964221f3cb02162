from collections import OrderedDict

import torch.nn as nn

blocks = OrderedDict()
blocks["stem"] = nn.Conv2d(3, 24, 3, 2, 1)
blocks["head"] = nn.Linear(48, 10)
blocks["body"] = nn.Conv2d(24, 48, 3, 2, 1)
blocks["pool"] = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten())
blocks.move_to_end("head")  # the head was added early; put it last
blocks.pop("unused", None)
model = nn.Sequential(blocks)
