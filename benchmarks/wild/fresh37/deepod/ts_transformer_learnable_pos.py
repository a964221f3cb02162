# DeepOD's time-series transformer encoder: conv token embedding, learnable positions, BatchNorm layers
from deepod.core.networks.base_transformer_network_dev import TSTransformerEncoder

model = TSTransformerEncoder(
    n_features=8,
    n_output=32,
    seq_len=50,
    d_model=64,
    n_heads=4,
    n_hidden="128,128,128",
    dropout=0.1,
    token_encoding="convolutional",
    pos_encoding="learnable",
    activation="GELU",
    bias=True,
    norm="BatchNorm",
)
