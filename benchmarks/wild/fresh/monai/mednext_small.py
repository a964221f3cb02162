"""monai: MedNeXt with small widths (fresh batch, benchmarks/wild/fresh)."""

from monai.networks.nets import MedNeXt

model = MedNeXt(
    spatial_dims=2,
    init_filters=8,
    in_channels=1,
    out_channels=2,
    encoder_expansion_ratio=2,
    decoder_expansion_ratio=2,
    bottleneck_expansion_ratio=2,
    kernel_size=3,
    blocks_down=(1, 1, 1, 1),
    blocks_bottleneck=1,
    blocks_up=(1, 1, 1, 1),
)
