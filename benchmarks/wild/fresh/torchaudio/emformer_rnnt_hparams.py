"""torchaudio: an Emformer RNN-T transducer from a recipe's hyperparameter dict, shrunk (fresh batch, benchmarks/wild/fresh)."""

from torchaudio.models import emformer_rnnt_model

HPARAMS = dict(
    input_dim=80,
    encoding_dim=128,
    num_symbols=256,
    segment_length=16,
    right_context_length=4,
    time_reduction_input_dim=64,
    time_reduction_stride=4,
    transformer_num_heads=4,
    transformer_ffn_dim=256,
    transformer_num_layers=3,
    transformer_dropout=0.1,
    transformer_activation="gelu",
    transformer_left_context_length=30,
    transformer_max_memory_size=0,
    transformer_weight_init_scale_strategy="depthwise",
    transformer_tanh_on_mem=True,
    symbol_embedding_dim=64,
    num_lstm_layers=2,
    lstm_layer_norm=True,
    lstm_layer_norm_epsilon=1e-5,
    lstm_dropout=0.3,
)
model = emformer_rnnt_model(**HPARAMS)
