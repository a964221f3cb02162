"""torchaudio: conformer_config (wild-code corpus, benchmarks/wild)."""

from torchaudio import models

config = dict(
    input_dim=80,
    num_heads=4,
    ffn_dim=128,
    num_layers=2,
    depthwise_conv_kernel_size=31,
)
model = models.Conformer(**config)
