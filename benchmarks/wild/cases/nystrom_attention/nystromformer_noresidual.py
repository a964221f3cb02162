"""nystrom_attention: nystromformer_noresidual (wild-code corpus, benchmarks/wild)."""

from nystrom_attention import Nystromformer

model = Nystromformer(
    dim=32,
    depth=3,
    dim_head=8,
    heads=4,
    num_landmarks=8,
    attn_values_residual=False,
)
