"""torchvision: the builder looked up with getattr from a string (fresh batch, benchmarks/wild/fresh)."""

import torchvision.models as tvm

ARCH = "resnext50_32x4d"
model = getattr(tvm, ARCH)(weights=None, num_classes=12)
