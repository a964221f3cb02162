"""nystrom_attention: nystromformer (wild-code corpus, benchmarks/wild)."""

from nystrom_attention import Nystromformer

model = Nystromformer(
    dim=64,
    depth=2,
    dim_head=16,
    heads=4,
    num_landmarks=16,
)
