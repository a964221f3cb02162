"""A small MobileOne from holocron, with its branches fused for inference after build."""

from holocron.models import MobileOne

model = MobileOne(
    num_blocks=[1, 2, 2, 1],
    width_multipliers=[0.5, 0.5, 0.5, 0.5],
    overparam_factor=2,
    num_classes=5,
)
model.reparametrize()
