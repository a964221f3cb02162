"""siren_pytorch: siren_wrapper (wild-code corpus, benchmarks/wild)."""

from siren_pytorch import SirenNet, SirenWrapper

net = SirenNet(dim_in=2, dim_hidden=32, dim_out=3, num_layers=2)
model = SirenWrapper(net, image_width=16, image_height=16, latent_dim=8)
