"""torchaudio: tacotron2 (wild-code corpus, benchmarks/wild)."""

from torchaudio import models

model = models.Tacotron2(
    n_mels=40,
    n_symbol=40,
    symbol_embedding_dim=64,
    encoder_embedding_dim=64,
    decoder_rnn_dim=64,
    attention_rnn_dim=64,
    attention_hidden_dim=32,
    prenet_dim=32,
    postnet_embedding_dim=64,
)
