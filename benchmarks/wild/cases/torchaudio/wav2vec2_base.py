"""torchaudio: wav2vec2_base (wild-code corpus, benchmarks/wild)."""

from torchaudio import models

model = models.wav2vec2_base(
    aux_num_out=32,
)
