"""res_mlp_pytorch: one entry of a sweep table picked by name (fresh batch, benchmarks/wild/fresh)."""

from res_mlp_pytorch import ResMLP

SWEEP = {
    "tiny": dict(dim=64, depth=2, expansion_factor=2),
    "small": dict(dim=128, depth=6, expansion_factor=4),
    "wide": dict(dim=256, depth=3, expansion_factor=3),
}
COMMON = dict(image_size=64, patch_size=8, num_classes=100)

run = "small"
model = ResMLP(**{**COMMON, **SWEEP[run]})
