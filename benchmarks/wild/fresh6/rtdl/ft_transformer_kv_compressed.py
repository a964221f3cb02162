"""FT-Transformer with Linformer-style key/value compression shared per layer (rtdl baseline)."""

import rtdl

hparams = {
    "d_token": 64,
    "n_blocks": 3,
    "attention_dropout": 0.1,
    "ffn_d_hidden": 96,
    "ffn_dropout": 0.05,
    "residual_dropout": 0.0,
    "kv_compression_ratio": 0.5,
    "kv_compression_sharing": "key-value",
}

model = rtdl.FTTransformer.make_baseline(
    n_num_features=20, cat_cardinalities=None, d_out=2, **hparams
)
