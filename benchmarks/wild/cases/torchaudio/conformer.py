"""torchaudio: conformer (wild-code corpus, benchmarks/wild)."""

from torchaudio import models

model = models.Conformer(
    input_dim=80,
    num_heads=4,
    ffn_dim=128,
    num_layers=2,
    depthwise_conv_kernel_size=31,
)
