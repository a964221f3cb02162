from segformer_pytorch import Segformer

model = Segformer(
    dims=(24, 48, 96, 192),
    heads=(1, 2, 4, 8),
    ff_expansion=(4, 4, 4, 4),
    reduction_ratio=(8, 4, 2, 1),
    num_layers=(1, 2, 3, 1),
    channels=1,
    decoder_dim=128,
    num_classes=3,
)
