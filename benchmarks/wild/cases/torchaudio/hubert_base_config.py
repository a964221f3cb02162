"""torchaudio: hubert_base_config (wild-code corpus, benchmarks/wild)."""

from torchaudio import models

config = dict(
    aux_num_out=None,
)
model = models.hubert_base(**config)
