"""torchaudio: conv_tasnet (wild-code corpus, benchmarks/wild)."""

from torchaudio import models

model = models.ConvTasNet(
    num_sources=2,
    enc_kernel_size=16,
    enc_num_feats=64,
    msk_num_feats=32,
    msk_num_hidden_feats=64,
    msk_num_layers=2,
    msk_num_stacks=1,
)
