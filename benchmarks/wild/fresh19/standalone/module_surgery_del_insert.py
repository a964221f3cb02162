import torch.nn as nn

blocks = nn.ModuleList([nn.Linear(64, 64) for _ in range(6)])
del blocks[2]
blocks.insert(0, nn.Linear(32, 64))
blocks.extend([nn.LayerNorm(64), nn.Linear(64, 8)])
blocks[3] = nn.Identity()
blocks.append(nn.Linear(8, 8, bias=False))
model = nn.Sequential(*blocks)
