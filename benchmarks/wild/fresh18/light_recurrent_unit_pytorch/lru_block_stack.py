import torch.nn as nn
from light_recurrent_unit_pytorch import LightRecurrentUnitBlock

blocks = []
for i, (gated, ff) in enumerate([(True, False), (False, True), (True, True)]):
    blocks.append(LightRecurrentUnitBlock(32, depth=i + 1, heads=1, depth_gated_lru=gated,
                                          has_ff_block=ff, ff_expansion_factor=2))
model = nn.Sequential(nn.Linear(10, 32), *blocks, nn.Linear(32, 3))
