from generative.networks.nets import MultiScalePatchDiscriminator

model = MultiScalePatchDiscriminator(
    num_d=2,
    num_layers_d=3,
    spatial_dims=2,
    num_channels=16,
    in_channels=3,
    out_channels=1,
    minimum_size_im=128,
)
