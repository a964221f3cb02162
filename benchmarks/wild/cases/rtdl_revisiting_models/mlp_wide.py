"""rtdl_revisiting_models: mlp_wide (wild-code corpus, benchmarks/wild)."""

from rtdl_revisiting_models import MLP

model = MLP(
    d_in=20,
    d_out=3,
    n_blocks=3,
    d_block=64,
    dropout=0.0,
)
