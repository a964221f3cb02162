# fine-tuning recipe: the first two of four stages frozen in an enumerate loop, BatchNorm affine kept trainable
import torch.nn as nn

widths = [32, 64, 128, 256]
stages, cin = nn.ModuleList(), 3
for w in widths:
    stages.append(
        nn.Sequential(
            nn.Conv2d(cin, w, 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(w), nn.ReLU()
        )
    )
    cin = w
for i, stage in enumerate(stages):
    if i < 2:
        for m in stage.modules():
            if isinstance(m, nn.Conv2d):
                m.weight.requires_grad = False
model = nn.ModuleDict({"stages": stages, "head": nn.Linear(cin, 8)})
