"""Anti-aliased MobileNetV2 at width 0.5; its one-layer classifier replaced for 5 classes."""

import antialiased_cnns
import torch.nn as nn

model = antialiased_cnns.mobilenet_v2(pretrained=False, filter_size=3, width_mult=0.5)
model.classifier[0] = nn.Linear(model.last_channel, 5)
