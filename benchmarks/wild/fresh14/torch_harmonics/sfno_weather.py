"""A Spherical Fourier Neural Operator for a coarse weather grid (torch_harmonics' example model)."""

from torch_harmonics.examples.models import SphericalFourierNeuralOperator

model = SphericalFourierNeuralOperator(
    img_size=(32, 64),
    grid="equiangular",
    scale_factor=2,
    in_chans=4,
    out_chans=4,
    embed_dim=48,
    num_layers=3,
    encoder_layers=1,
    use_mlp=True,
    mlp_ratio=2.0,
    normalization_layer="instance_norm",
    pos_embed="none",
)
