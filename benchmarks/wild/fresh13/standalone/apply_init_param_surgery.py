"""Module.apply-driven init that also performs parameter surgery (bias removed, weight re-registered)."""

import torch
import torch.nn as nn


def surgery(m: nn.Module) -> None:
    if isinstance(m, nn.Linear) and m.out_features < 16:
        # drop the bias entirely: the attribute becomes None
        m.bias = None
    elif isinstance(m, nn.Conv2d):
        nn.init.kaiming_normal_(m.weight)
        if m.bias is not None:
            del m.bias
            m.register_parameter("bias", None)
    elif isinstance(m, nn.LayerNorm):
        m.weight = nn.Parameter(torch.ones(m.normalized_shape))


net = nn.Sequential(
    nn.Conv2d(3, 16, 3),
    nn.Conv2d(16, 16, 3, bias=False),
    nn.Flatten(),
    nn.Linear(16 * 4 * 4, 32),
    nn.LayerNorm(32, elementwise_affine=False),
    nn.Linear(32, 10),
)
net.apply(surgery)
model = net
