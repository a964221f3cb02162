"""torchvision: Swin V2 tiny (fresh batch, benchmarks/wild/fresh)."""

from torchvision.models import swin_v2_t

model = swin_v2_t(weights=None, num_classes=10)
