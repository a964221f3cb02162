# TiRex zero-shot forecaster at a small width, built from a plain config dict (torch sLSTM backend)
from tirex.models.tirex import TiRexZero

config = {
    "input_patch_size": 16,
    "output_patch_size": 16,
    "quantiles": [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9],
    "block_kwargs": {
        "embedding_dim": 128,
        "num_heads": 4,
        "num_blocks": 4,
        "ffn_proj_factor": 2.6667,
    },
    "input_ff_dim": 256,
}
model = TiRexZero(backend="torch", model_config=config, train_ctx_len=512)
