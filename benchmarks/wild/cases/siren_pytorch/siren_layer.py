"""siren_pytorch: siren_layer (wild-code corpus, benchmarks/wild)."""

from siren_pytorch import Siren

model = Siren(
    dim_in=2,
    dim_out=16,
    is_first=True,
)
