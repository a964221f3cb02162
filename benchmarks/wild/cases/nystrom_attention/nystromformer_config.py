"""nystrom_attention: nystromformer_config (wild-code corpus, benchmarks/wild)."""

from nystrom_attention import Nystromformer

config = dict(
    dim=64,
    depth=2,
    dim_head=16,
    heads=4,
    num_landmarks=16,
)
model = Nystromformer(**config)
