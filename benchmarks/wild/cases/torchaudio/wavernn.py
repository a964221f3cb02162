"""torchaudio: wavernn (wild-code corpus, benchmarks/wild)."""

from torchaudio import models

model = models.WaveRNN(
    upsample_scales=[5, 5, 8],
    n_classes=256,
    hop_length=200,
    n_res_block=2,
    n_rnn=64,
    n_fc=64,
    n_freq=40,
    n_hidden=32,
    n_output=32,
)
