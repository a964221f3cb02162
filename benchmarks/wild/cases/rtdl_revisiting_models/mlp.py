"""rtdl_revisiting_models: mlp (wild-code corpus, benchmarks/wild)."""

from rtdl_revisiting_models import MLP

model = MLP(
    d_in=10,
    d_out=1,
    n_blocks=2,
    d_block=32,
    dropout=0.1,
)
