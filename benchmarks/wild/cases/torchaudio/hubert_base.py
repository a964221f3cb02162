"""torchaudio: hubert_base (wild-code corpus, benchmarks/wild)."""

from torchaudio import models

model = models.hubert_base(
    aux_num_out=None,
)
