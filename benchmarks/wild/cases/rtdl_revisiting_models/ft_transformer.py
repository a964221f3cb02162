"""rtdl_revisiting_models: ft_transformer (wild-code corpus, benchmarks/wild)."""

from rtdl_revisiting_models import FTTransformer

model = FTTransformer(
    n_cont_features=5,
    cat_cardinalities=[3, 4],
    d_out=1,
    n_blocks=2,
    d_block=64,
    attention_n_heads=8,
    attention_dropout=0.1,
    ffn_d_hidden=None,
    ffn_d_hidden_multiplier=4 / 3,
    ffn_dropout=0.1,
    residual_dropout=0.0,
)
