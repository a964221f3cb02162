"""torchaudio: emformer (wild-code corpus, benchmarks/wild)."""

from torchaudio import models

model = models.Emformer(
    input_dim=64,
    num_heads=4,
    ffn_dim=128,
    num_layers=2,
    segment_length=4,
    right_context_length=1,
)
