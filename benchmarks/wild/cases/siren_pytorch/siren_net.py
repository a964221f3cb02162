"""siren_pytorch: siren_net (wild-code corpus, benchmarks/wild)."""

from siren_pytorch import SirenNet

model = SirenNet(
    dim_in=2,
    dim_hidden=64,
    dim_out=3,
    num_layers=3,
)
