"""Models chosen from a small registry dict of pytorch-ood constructors by a config string."""

import functools

from pytorch_ood.model import WideResNet

REGISTRY = {
    "wrn-16-4": functools.partial(WideResNet, depth=16, widen_factor=4),
    "wrn-28-2": functools.partial(WideResNet, depth=28, widen_factor=2),
    "wrn-10-1": functools.partial(WideResNet, depth=10, widen_factor=1),
}

config = "arch=wrn-10-1;classes=7;in_channels=1"
opts = dict(kv.split("=") for kv in config.split(";"))
model = REGISTRY[opts["arch"]](
    num_classes=int(opts["classes"]), in_channels=int(opts["in_channels"]), drop_rate=0.0
)
