"""siren_pytorch: siren_layer_config (wild-code corpus, benchmarks/wild)."""

from siren_pytorch import Siren

config = dict(
    dim_in=2,
    dim_out=16,
    is_first=True,
)
model = Siren(**config)
