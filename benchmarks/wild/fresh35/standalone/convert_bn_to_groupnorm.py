import torch.nn as nn


def block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()
    )


def bn_to_gn(module, groups=8):
    """Replace every BatchNorm2d by a GroupNorm with the same channels (in place, recursively)."""
    for name, child in module.named_children():
        if isinstance(child, nn.BatchNorm2d):
            setattr(module, name, nn.GroupNorm(min(groups, child.num_features), child.num_features))
        else:
            bn_to_gn(child, groups)
    return module


model = bn_to_gn(nn.Sequential(block(3, 4), block(4, 32), block(32, 64), nn.Conv2d(64, 2, 1)))
