"""monai: BasicUNetPlusPlus, 2-D, deep supervision (fresh batch, benchmarks/wild/fresh)."""

import monai

model = monai.networks.nets.BasicUNetPlusPlus(
    spatial_dims=2,
    in_channels=3,
    out_channels=2,
    features=(8, 8, 16, 32, 64, 8),
    deep_supervision=True,
)
