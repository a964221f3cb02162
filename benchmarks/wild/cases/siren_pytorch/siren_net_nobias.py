"""siren_pytorch: siren_net_nobias (wild-code corpus, benchmarks/wild)."""

from siren_pytorch import SirenNet

model = SirenNet(
    dim_in=3,
    dim_hidden=32,
    dim_out=1,
    num_layers=5,
    use_bias=False,
    w0_initial=30.0,
)
