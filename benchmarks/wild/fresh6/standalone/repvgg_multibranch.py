"""RepVGG in its training-time form: 3x3, 1x1 and identity-BN branches per block (not yet fused)."""

import torch.nn as nn


def conv_bn(cin, cout, k, stride, padding, groups=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, stride, padding, groups=groups, bias=False), nn.BatchNorm2d(cout)
    )


class RepVGGBlock(nn.Module):
    def __init__(self, cin, cout, stride=1, groups=1):
        super().__init__()
        self.rbr_identity = nn.BatchNorm2d(cin) if cin == cout and stride == 1 else None
        self.rbr_dense = conv_bn(cin, cout, 3, stride, 1, groups)
        self.rbr_1x1 = conv_bn(cin, cout, 1, stride, 0, groups)
        self.act = nn.ReLU()

    def forward(self, x):
        idt = 0 if self.rbr_identity is None else self.rbr_identity(x)
        return self.act(self.rbr_dense(x) + self.rbr_1x1(x) + idt)


class RepVGG(nn.Module):
    def __init__(self, num_blocks, width_multiplier, num_classes=10, override_groups_map=None):
        super().__init__()
        self.override_groups_map = override_groups_map or {}
        self.in_planes = min(64, int(64 * width_multiplier[0]))
        self.stage0 = RepVGGBlock(3, self.in_planes, stride=2)
        self.cur_layer_idx = 1
        self.stage1 = self._make_stage(int(64 * width_multiplier[0]), num_blocks[0])
        self.stage2 = self._make_stage(int(128 * width_multiplier[1]), num_blocks[1])
        self.stage3 = self._make_stage(int(256 * width_multiplier[2]), num_blocks[2])
        self.stage4 = self._make_stage(int(512 * width_multiplier[3]), num_blocks[3])
        self.linear = nn.Linear(int(512 * width_multiplier[3]), num_classes)

    def _make_stage(self, planes, num_blocks):
        blocks = []
        for stride in [2] + [1] * (num_blocks - 1):
            g = self.override_groups_map.get(self.cur_layer_idx, 1)
            blocks.append(RepVGGBlock(self.in_planes, planes, stride, groups=g))
            self.in_planes = planes
            self.cur_layer_idx += 1
        return nn.Sequential(*blocks)

    def forward(self, x):
        for stage in (self.stage0, self.stage1, self.stage2, self.stage3, self.stage4):
            x = stage(x)
        return self.linear(x.mean((2, 3)))


g4_map = {layer: 4 for layer in [2, 4, 6, 8, 10]}
model = RepVGG(
    num_blocks=[2, 4, 6, 1], width_multiplier=[0.25, 0.25, 0.25, 0.5], override_groups_map=g4_map
)
