from generative.networks.nets import PatchDiscriminator

model = PatchDiscriminator(
    spatial_dims=3,
    num_layers_d=3,
    num_channels=32,
    in_channels=1,
    out_channels=1,
    norm="INSTANCE",
)
